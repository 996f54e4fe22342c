#pragma once
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/timerfd.h>
#include <sys/signalfd.h>
#include <sys/syscall.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <malloc.h>
#include <signal.h>
#include <unistd.h>

/// The kernel thread id of the calling thread (gettid needs _GNU_SOURCE).
static inline int csystem_gettid(void) { return (int)syscall(SYS_gettid); }

/// Makes the calling process non-dumpable: no core dump, and no ptrace or /proc/PID/mem by the same user
/// (prctl is variadic, so Swift cannot call it directly).
static inline int csystem_set_not_dumpable(void) { return prctl(PR_SET_DUMPABLE, 0, 0, 0, 0); }
