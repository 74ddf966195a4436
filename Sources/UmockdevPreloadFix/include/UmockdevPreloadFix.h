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
 *    from 0.19.2). The mapping comes from the testbed's $UMOCKDEV_DIR/dev/.ptymap.
 *
 * Outside a testbed (UMOCKDEV_DIR unset) every function forwards to the next definition.
 * The library has no API; this header only documents it.
 */

/// Returns 1 when this library is loaded in the current process (for diagnostics).
int gesturebridge_umockdev_preload_fix_loaded(void);

#endif
