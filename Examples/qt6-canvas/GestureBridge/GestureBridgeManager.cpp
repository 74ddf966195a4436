/* SPDX-License-Identifier: MIT */
#include "GestureBridgeManager.h"

#include "GestureRecognizer.h"
#include "SystemGestureSurface.h"

#include <QGuiApplication>
#include <QMetaObject>
#include <QQuickWindow>
#include <QtGui/qpa/qplatformnativeinterface.h>

#include <cstdio>

GestureBridgeManager::GestureBridgeManager()
    : QWaylandClientExtensionTemplate<GestureBridgeManager>(
              QtWayland::gesture_bridge_manager_v1::interface()->version)
{
    connect(this, &QWaylandClientExtension::activeChanged, this,
            &GestureBridgeManager::scheduleSync);
    initialize();
}

GestureBridgeManager *GestureBridgeManager::instance()
{
    static GestureBridgeManager *manager = [] {
        auto *made = new GestureBridgeManager();
        made->setParent(QGuiApplication::instance());
        return made;
    }();
    return manager;
}

wl_surface *GestureBridgeManager::surfaceOf(QWindow *window)
{
    QPlatformNativeInterface *native = QGuiApplication::platformNativeInterface();
    if (!window || !window->handle() || !native
        || QGuiApplication::platformName() != QLatin1String("wayland"))
        return nullptr;
    return static_cast<wl_surface *>(native->nativeResourceForWindow("surface", window));
}

wl_surface *GestureBridgeManager::drawnSurfaceOf(QWindow *window) const
{
    if (qobject_cast<QQuickWindow *>(window) && !m_drawnWindows.contains(window))
        return nullptr;
    return surfaceOf(window);
}

wl_display *GestureBridgeManager::display()
{
    QPlatformNativeInterface *native = QGuiApplication::platformNativeInterface();
    if (!native || QGuiApplication::platformName() != QLatin1String("wayland"))
        return nullptr;
    return static_cast<wl_display *>(native->nativeResourceForIntegration("wl_display"));
}

void GestureBridgeManager::registerRecognizer(GestureRecognizer *recognizer)
{
    if (!m_recognizers.contains(recognizer))
        m_recognizers.append(recognizer);
    scheduleSync();
}

void GestureBridgeManager::unregisterRecognizer(GestureRecognizer *recognizer)
{
    m_recognizers.removeAll(recognizer);
    for (GestureRecognizer *other : m_recognizers)
        other->forgetRecognizer(recognizer);
    recognizer->detach();
}

void GestureBridgeManager::registerSystemGestureSurface(SystemGestureSurface *surface)
{
    if (!m_systemGestureSurfaces.contains(surface))
        m_systemGestureSurfaces.append(surface);
    scheduleSync();
}

void GestureBridgeManager::unregisterSystemGestureSurface(SystemGestureSurface *surface)
{
    m_systemGestureSurfaces.removeAll(surface);
    m_warnedSystemGestures.removeAll(surface);
    surface->detach();
}

void GestureBridgeManager::scheduleSync()
{
    if (m_syncQueued)
        return;
    m_syncQueued = true;
    QMetaObject::invokeMethod(this, &GestureBridgeManager::sync, Qt::QueuedConnection);
}

void GestureBridgeManager::watch(QWindow *window)
{
    for (const QPointer<QWindow> &watched : m_watchedWindows) {
        if (watched == window)
            return;
    }
    m_watchedWindows.append(window);
    connect(window, &QWindow::visibleChanged, this, [this, window](bool visible) {
        // Hidden: Qt destroys the wl_surface; the next one is used once it drew a frame.
        if (!visible)
            m_drawnWindows.removeAll(window);
        scheduleSync();
    });
    if (auto *quick = qobject_cast<QQuickWindow *>(window)) {
        // afterAnimating is emitted on the GUI thread before the scene graph is synchronized
        // and the frame committed (by every render loop); frameSwapped may come from the
        // render thread: queued to this thread.
        connect(quick, &QQuickWindow::afterAnimating, this, [this, window] { followFrame(window); });
        connect(quick, &QQuickWindow::frameSwapped, this, [this, window] { frameSwapped(window); },
                Qt::QueuedConnection);
    }
}

void GestureBridgeManager::followFrame(QWindow *window)
{
    for (GestureRecognizer *recognizer : m_recognizers) {
        if (recognizer->window() == window)
            recognizer->followRegion();
    }
    for (SystemGestureSurface *surface : m_systemGestureSurfaces) {
        if (surface->window() == window)
            surface->follow();
    }
}

void GestureBridgeManager::frameSwapped(QWindow *window)
{
    if (!m_drawnWindows.contains(window) && window->isVisible()) {
        m_drawnWindows.append(window);
        scheduleSync();
    }
    for (SystemGestureSurface *surface : m_systemGestureSurfaces) {
        if (surface->window() == window)
            surface->frameCommitted();
    }
}

void GestureBridgeManager::syncSystemGestureSurfaces()
{
    QList<wl_surface *> taken;
    for (SystemGestureSurface *object : m_systemGestureSurfaces) {
        if (!object->isComplete())
            continue;
        QWindow *window = object->window();
        if (window)
            watch(window);
        wl_surface *surface = isActive() ? drawnSurfaceOf(window) : nullptr;
        if (object->isAttached() && object->attachedSurface() != surface)
            object->detach();
        if (!surface)
            continue;
        const char *problem = nullptr;
        if (taken.contains(surface))
            problem = "the window already has a SystemGestureSurface";
        else if (boundVersion()
                 < GESTURE_BRIDGE_MANAGER_V1_GET_SYSTEM_GESTURE_SURFACE_SINCE_VERSION)
            problem = "it needs gesture_bridge_manager_v1 version 2";
        taken.append(surface);
        if (problem) {
            if (!m_warnedSystemGestures.contains(object)) {
                m_warnedSystemGestures.append(object);
                std::fprintf(stderr,
                             "GestureBridge: SystemGestureSurface not attached: %s (the "
                             "compositor offers version %u)\n",
                             problem, boundVersion());
            }
            continue;
        }
        if (!object->isAttached())
            object->attach(get_system_gesture_surface(surface), surface);
    }
}

uint32_t GestureBridgeManager::boundVersion()
{
    return object() ? wl_proxy_get_version(reinterpret_cast<wl_proxy *>(object())) : 0;
}

void GestureBridgeManager::sync()
{
    m_syncQueued = false;
    bool anyShown = false;
    for (GestureRecognizer *recognizer : m_recognizers) {
        if (!recognizer->isComplete())
            continue;
        QWindow *window = recognizer->window();
        if (window)
            watch(window);
        wl_surface *surface = isActive() ? drawnSurfaceOf(window) : nullptr;
        anyShown = anyShown || (window && window->isVisible());
        // Qt destroys a window's wl_surface when it hides it and makes a new one at show.
        if (recognizer->isAttached() && recognizer->attachedSurface() != surface)
            recognizer->detach();
        if (!recognizer->isAttached() && surface
            && recognizer->protocolSince() > boundVersion()) {
            if (!m_warnedTooOld.contains(recognizer)) {
                m_warnedTooOld.append(recognizer);
                std::fprintf(stderr,
                             "GestureBridge: %s needs gesture_bridge_manager_v1 version %u; the "
                             "compositor offers version %u: not attached\n",
                             qPrintable(recognizer->type()), recognizer->protocolSince(),
                             boundVersion());
            }
            continue;
        }
        if (!recognizer->isAttached() && surface) {
            recognizer->attach(get_recognizer(surface, recognizer->protocolType()), surface);
            for (GestureRecognizer *other : m_recognizers)
                other->forgetSentRelationsTo(recognizer);
        }
    }
    syncSystemGestureSurfaces();
    if (!isActive()) {
        if (anyShown && !m_warnedMissingGlobal && !m_recognizers.isEmpty()) {
            m_warnedMissingGlobal = true;
            std::fprintf(stderr,
                         "GestureBridge: the compositor does not support "
                         "gesture_bridge_manager_v1: no gesture recognizers\n");
        }
        return;
    }
    int committed = 0;
    int waiting = 0;
    for (GestureRecognizer *recognizer : m_recognizers) {
        if (!recognizer->isComplete())
            continue;
        if (!recognizer->isAttached()) {
            ++waiting;
            continue;
        }
        if (recognizer->needsCommit() || recognizer->hasUnsentRelations())
            recognizer->commit();
        if (recognizer->isCommitted())
            ++committed;
    }
    if (committed > 0 && waiting == 0)
        emit recognizersCommitted(committed);
}
