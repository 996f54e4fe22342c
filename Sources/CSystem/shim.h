#pragma once
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/timerfd.h>
#include <sys/signalfd.h>
#include <sys/syscall.h>
#include <malloc.h>
#include <signal.h>
#include <unistd.h>

/// The kernel thread id of the calling thread (gettid needs _GNU_SOURCE).
static inline int csystem_gettid(void) { return (int)syscall(SYS_gettid); }
