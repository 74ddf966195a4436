/* SPDX-License-Identifier: MIT */
#pragma once

#include "Gesture.h"
#include "qwayland-gesture-bridge-v1.h"

#include <QList>
#include <QObject>
#include <QPointer>
#include <QWaylandClientExtensionTemplate>
#include <QWindow>

class GestureRecognizer;
class SystemGestureSurface;
struct wl_display;
struct wl_surface;

// The client's gesture_bridge_manager_v1 (the XML's version, or the compositor's if older; a
// type newer than the bound version is not attached), bound through Qt's own registry with
// QWaylandClientExtensionTemplate: the extension becomes active when the compositor advertises
// the global. It keeps the QML recognizers and, in one pass of the event loop after anything
// changed (a recognizer completed or changed, a window shown or hidden, the global bound),
// creates the gesture_bridge_recognizer_v1 objects on their windows' wl_surfaces, sends their
// parameters and relations and commits them; and the windows' system gesture surface objects
// (version 2). At each frame of a window (QQuickWindow::afterAnimating, before the frame's
// wl_surface.commit) the recognizers' regions and the system gesture state follow the items.
class GestureBridgeManager : public QWaylandClientExtensionTemplate<GestureBridgeManager>,
                             public QtWayland::gesture_bridge_manager_v1
{
    Q_OBJECT

public:
    // The one manager of the process (made at the first call, after QGuiApplication).
    static GestureBridgeManager *instance();

    void registerRecognizer(GestureRecognizer *recognizer);
    void unregisterRecognizer(GestureRecognizer *recognizer);
    void scheduleSync();
    void registerSystemGestureSurface(SystemGestureSurface *surface);
    void unregisterSystemGestureSurface(SystemGestureSurface *surface);

    // The wl_surface Qt made for `window`, or null while it has none (not shown).
    static wl_surface *surfaceOf(QWindow *window);
    // The surface recognizers go on: a Qt Quick window's once it has drawn its first frame
    // since it was shown (the surface is then mapped: a compositor that starts playing input
    // when recognizers are committed finds the window), any other window's at once.
    wl_surface *drawnSurfaceOf(QWindow *window) const;
    // Qt's wl_display connection, or null when the platform is not wayland.
    static wl_display *display();

Q_SIGNALS:
    // Every state change of every recognizer, before the recognizer's own signals.
    void gestureReceived(const Gesture &gesture);
    // Every registered recognizer that has a window with a surface is committed.
    void recognizersCommitted(int count);

private:
    GestureBridgeManager();
    void sync();
    void watch(QWindow *window);
    void syncSystemGestureSurfaces();
    // At each frame of `window`, after animations and polish, before its commit.
    void followFrame(QWindow *window);
    void frameSwapped(QWindow *window);
    // The version of the bound global (0 while unbound).
    uint32_t boundVersion();

    QList<GestureRecognizer *> m_recognizers;
    QList<QPointer<QWindow>> m_watchedWindows;
    // Qt Quick windows that drew a frame since they were last shown.
    QList<QPointer<QWindow>> m_drawnWindows;
    bool m_syncQueued = false;
    bool m_warnedMissingGlobal = false;
    QList<const GestureRecognizer *> m_warnedTooOld;
    QList<SystemGestureSurface *> m_systemGestureSurfaces;
    QList<const SystemGestureSurface *> m_warnedSystemGestures;
};
