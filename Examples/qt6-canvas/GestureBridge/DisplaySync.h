/* SPDX-License-Identifier: MIT */
#pragma once

#include <cstdint>
#include <functional>

struct wl_callback;
struct wl_display;

// One wl_display.sync on Qt's connection: `done` runs (on the thread that dispatches Qt's
// default queue, the GUI thread) once the compositor has handled every request sent before
// and every event it sent before has been dispatched.
class DisplaySync
{
public:
    static void after(wl_display *display, std::function<void()> done);

private:
    static void handleDone(void *data, wl_callback *callback, uint32_t serial);
};
