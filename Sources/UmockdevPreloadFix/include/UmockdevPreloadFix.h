/* SPDX-License-Identifier: MIT */
#ifndef GESTUREBRIDGE_UMOCKDEV_PRELOAD_FIX_H
#define GESTUREBRIDGE_UMOCKDEV_PRELOAD_FIX_H

/*
 * libUmockdevPreloadFix.so: an LD_PRELOAD library loaded *after* libumockdev-preload.so.0
 * so that libinput 1.22 accepts devices mocked by umockdev 0.17.16:
 *
 *  - udev_device_get_is_initialized() answers 1 inside a umockdev testbed (umockdev does
 *    not mock /run/udev/data, so libudev reports every mocked device as uninitialized);
 *  - fstat()/fstat64()/__fxstat()/__fxstat64() on an opened mocked node report the mocked
 *    device number (e.g. 13:69) instead of the backing pty's (umockdev wraps fstat only
 *    from 0.19.2). The mapping comes from the testbed's $UMOCKDEV_DIR/dev/.ptymap;
 *  - the same fstat() family makes an opened mocked evdev node (major 13) non-blocking.
 *    wlroots 0.15 opens libinput's devices through its session (libseat) and ignores the
 *    flags libinput asks for; libseat 0.7's noop backend (LIBSEAT_BACKEND=noop, the one that
 *    needs no seatd, logind or VT) opens with O_RDWR | O_CLOEXEC only, and libinput's reads
 *    then block forever on a node with nothing to read (seatd and logind hand out
 *    non-blocking descriptors). libumockdev-preload opens through libc directly, so an open()
 *    wrapper here never sees the call; wlroots' session fstat()s each node it opens before
 *    libinput reads it. Processes that open nodes with O_NONBLOCK (libinput's own
 *    open_restricted) are unaffected. See docs/wlroots.md.
 *
 * Outside a testbed (UMOCKDEV_DIR unset) every function forwards to the next definition.
 * The library has no API; this header only documents it.
 */

/// Returns 1 when this library is loaded in the current process (for diagnostics).
int gesturebridge_umockdev_preload_fix_loaded(void);

#endif
