/* SPDX-License-Identifier: MIT */
// libgesture-bridge-wayfire.so: the GestureBridge plugin for Wayfire 0.7 (wlroots 0.15).
//
// Load it from wayfire.ini: [core] plugins = ... gesture-bridge  (installed in wayfire's
// plugin directory, `pkg-config --variable=plugindir wayfire`) or by absolute path.
//
// One gb_wlr_adapter (Compositors/wlroots) on Wayfire's display and its only seat:
// - touches are taken before Wayfire delivers them: the adapter's touch grab is the seat's
//   default touch grab, so Wayfire's own wlr_seat_touch_notify_* calls (touch.cpp's
//   set_touch_focus / handle_touch_motion) reach no client; Wayfire keeps its touch points,
//   focus, wf-touch gestures and drag-and-drop bookkeeping;
// - the bridge is fed the touches Wayfire's core gives to client surfaces: downs from the
//   `touch_down_post` signal when core made a seat touch point for them, their motions and
//   ups from `touch_motion` / `touch_up` (emitted before core handles them), in layout
//   coordinates (wlr_cursor_absolute_to_layout_coords, as Wayfire computes them); frames and
//   cancels from the wlr_cursor's touch_frame / touch_cancel;
// - surfaces are picked with Wayfire's own lookup (wf::compositor_core_t::get_surface_at and
//   the view's global_to_local_point);
// - a Wayfire plugin grab (a wf-touch gesture of another plugin activating: expo, scale, the
//   workspace swipe...) takes the touches without a wlr_seat touch grab: Wayfire lifts every
//   touch point (wlr_seat_touch_notify_up) while the bridge still has the fingers down, which
//   the adapter's grab takes as the compositor taking the touches and cancels the bridge's
//   (recognizers cancelled or failed, wl_touch.cancel to the clients).
#include <gb_wlr_adapter.h>
#include <gesture_bridge.h>

#include <wayfire/core.hpp>
#include <wayfire/nonstd/wlroots-full.hpp>
#include <wayfire/output-layout.hpp>
#include <wayfire/output.hpp>
#include <wayfire/signal-definitions.hpp>
#include <wayfire/plugin.hpp>
#include <wayfire/singleton-plugin.hpp>
#include <wayfire/surface.hpp>
#include <wayfire/util.hpp>
#include <wayfire/util/log.hpp>
#include <wayfire/view.hpp>

#include <cstring>
#include <set>


namespace
{
/** Wayfire's surface under a layout point, with the point in its surface-local coordinates. */
bool pick_surface(void*, double lx, double ly, wlr_surface **surface, double *sx, double *sy)
{
    wf::pointf_t point{lx, ly};
    auto& core   = wf::get_core();
    auto *picked = core.get_surface_at(point);
    if (!picked || !picked->get_wlr_surface())
    {
        return false;
    }

    auto view = core.get_view_at(point);
    if (!view || !view->get_output())
    {
        return false;
    }

    auto origin = view->get_output()->get_layout_geometry();
    auto local  = view->global_to_local_point({lx - origin.x, ly - origin.y}, picked);
    *surface = picked->get_wlr_surface();
    *sx = local.x;
    *sy = local.y;
    return true;
}

/** wl_surface.commit requests go to the bridge (gb_bridge_surface_committed), which applies
 * the clients' double-buffered deferral of system gestures (gesture_bridge_system_gesture_
 * surface_v1). Seen by a protocol logger, as the weston module does, because Wayfire 0.7's
 * core does not expose its wlr_compositor (gb_wlr_adapter_watch_surfaces needs it); the
 * logger runs just before the request is handled, and the state is the bridge's own. */
void log_request(void *bridge, wl_protocol_logger_type type,
    const wl_protocol_logger_message *message)
{
    if ((type != WL_PROTOCOL_LOGGER_REQUEST) || !message->resource || !message->message ||
        (std::strcmp(message->message->name, "commit") != 0))
    {
        return;
    }

    const char *name = wl_resource_get_class(message->resource);
    if (name && (std::strcmp(name, "wl_surface") == 0))
    {
        gb_bridge_surface_committed(static_cast<gb_bridge*>(bridge), message->resource);
    }
}

/** The one adapter of the compositor (Wayfire has one seat), shared by the per-output plugin
 * instances. */
class bridge_core_t
{
  public:
    bridge_core_t()
    {
        auto& core = wf::get_core();
        adapter = gb_wlr_adapter_create(core.display, core.get_current_seat(),
            core.output_layout->get_handle(), pick_surface, this);
        if (!adapter)
        {
            LOGE("gesture-bridge-wayfire: error: gb_wlr_adapter_create failed");
            return;
        }

        commit_logger = wl_display_add_protocol_logger(core.display, log_request,
            gb_wlr_adapter_bridge(adapter));

        gb_wlr_adapter_set_took_touches(adapter, [] (void *data)
        {
            static_cast<bridge_core_t*>(data)->fed.clear();
            LOGI("gesture-bridge-wayfire: Wayfire took the touches (a plugin grab): ",
                "bridge touches cancelled");
        });

        // Downs from Wayfire's `touch_down_post` signal, after core handled the event, and
        // only for touches core gave to a client surface (it made a seat touch point for
        // them): not those a plugin's input grab takes (core sends them to the grab and makes
        // no point) nor those over Wayfire's own surfaces or nothing. Motions and ups from
        // `touch_motion` / `touch_up`, emitted before core handles the event, so the bridge
        // has an up before Wayfire's wlr_seat_touch_notify_up for it (an earlier lift is
        // Wayfire taking the touches). Frames and cancels, which Wayfire 0.7 emits no signal
        // for, from the wlr_cursor's events.
        auto *cursor = core.get_wlr_cursor();
        auto *seat   = core.get_current_seat();
        on_down.set_callback([=] (wf::signal_data_t *data)
        {
            auto ev = static_cast<wf::input_event_signal<wlr_event_touch_down>*>(data)->event;
            if (!wlr_seat_touch_get_point(seat, ev->touch_id))
            {
                return;
            }

            double lx, ly;
            wlr_cursor_absolute_to_layout_coords(cursor, ev->device, ev->x, ev->y, &lx, &ly);
            // The touchscreen's size on the output under the touch (Wayfire maps each
            // touchscreen onto one output, or the whole layout when none is configured).
            if (auto *output = wf::get_core().output_layout->get_output_at(lx, ly))
            {
                auto box = output->get_layout_geometry();
                gb_wlr_adapter_set_touch_device_size(adapter, ev->device->width_mm,
                    ev->device->height_mm, box.width, box.height);
            }

            fed.insert(ev->touch_id);
            gb_wlr_adapter_touch_down(adapter, ev->time_msec, ev->touch_id, lx, ly);
        });
        on_motion.set_callback([=] (wf::signal_data_t *data)
        {
            auto ev =
                static_cast<wf::input_event_signal<wlr_event_touch_motion>*>(data)->event;
            if (!fed.count(ev->touch_id))
            {
                return;
            }

            double lx, ly;
            wlr_cursor_absolute_to_layout_coords(cursor, ev->device, ev->x, ev->y, &lx, &ly);
            gb_wlr_adapter_touch_motion(adapter, ev->time_msec, ev->touch_id, lx, ly);
        });
        on_up.set_callback([=] (wf::signal_data_t *data)
        {
            auto ev = static_cast<wf::input_event_signal<wlr_event_touch_up>*>(data)->event;
            if (fed.erase(ev->touch_id))
            {
                gb_wlr_adapter_touch_up(adapter, ev->time_msec, ev->touch_id);
            }
        });
        on_cancel.set_callback([=] (void *data)
        {
            auto ev = static_cast<wlr_event_touch_cancel*>(data);
            fed.clear();
            gb_wlr_adapter_touch_cancel(adapter, ev->time_msec);
        });
        on_frame.set_callback([=] (void*)
        {
            gb_wlr_adapter_touch_frame(adapter);
        });
        core.connect_signal("touch_down_post", &on_down);
        core.connect_signal("touch_motion", &on_motion);
        core.connect_signal("touch_up", &on_up);
        on_cancel.connect(&cursor->events.touch_cancel);
        on_frame.connect(&cursor->events.touch_frame);
        LOGI("gesture-bridge-wayfire: gesture_bridge_manager_v1 advertised");
    }

    ~bridge_core_t()
    {
        if (commit_logger)
        {
            wl_protocol_logger_destroy(commit_logger);
        }

        gb_wlr_adapter_destroy(adapter);
    }

  private:
    gb_wlr_adapter *adapter = nullptr;
    wl_protocol_logger *commit_logger = nullptr;
    /** The touches fed to the bridge (down fed, no up or cancel yet). */
    std::set<int32_t> fed;
    wf::signal_connection_t on_down, on_motion, on_up;
    wf::wl_listener_wrapper on_cancel, on_frame;
};

class gesture_bridge_plugin_t : public wf::singleton_plugin_t<bridge_core_t, false>
{};
}

DECLARE_WAYFIRE_PLUGIN(gesture_bridge_plugin_t);
