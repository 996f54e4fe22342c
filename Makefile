# AppLock — `make run` runs the agent, `make test` runs every test.
SHELL := /bin/bash
export PATH := $(PATH):/opt/swift/usr/bin
PREFIX ?= /usr/local
DESTDIR ?=
SWIFT ?= swift
SWIFT_FLAGS ?=
BIN = $(shell $(SWIFT) build $(SWIFT_FLAGS) --show-bin-path)

.PHONY: all deps build release run test install uninstall clean

all: build

deps:
	@./scripts/install-deps.sh

build: deps
	$(SWIFT) build $(SWIFT_FLAGS)

release: deps
	$(SWIFT) build $(SWIFT_FLAGS) -c release

run: build
	./scripts/run-agent.sh "$(BIN)/applockd" $(ARGS)

test: deps
	$(SWIFT) build $(SWIFT_FLAGS) --build-tests
	$(SWIFT) test $(SWIFT_FLAGS) --skip-build

clean:
	rm -rf .build
