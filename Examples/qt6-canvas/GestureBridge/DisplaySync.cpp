/* SPDX-License-Identifier: MIT */
#include "DisplaySync.h"

#include <wayland-client.h>

void DisplaySync::after(wl_display *display, std::function<void()> done)
{
    static const wl_callback_listener listener = {&DisplaySync::handleDone};
    wl_callback *callback = wl_display_sync(display);
    wl_callback_add_listener(callback, &listener, new std::function<void()>(std::move(done)));
    wl_display_flush(display);
}

void DisplaySync::handleDone(void *data, wl_callback *callback, uint32_t)
{
    auto *done = static_cast<std::function<void()> *>(data);
    wl_callback_destroy(callback);
    (*done)();
    delete done;
}
