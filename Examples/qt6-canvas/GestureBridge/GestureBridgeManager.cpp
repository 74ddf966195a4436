/* SPDX-License-Identifier: MIT */
#include "GestureBridgeManager.h"

#include "GestureRecognizer.h"

#include <QGuiApplication>
#include <QMetaObject>
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
    connect(window, &QWindow::visibleChanged, this, &GestureBridgeManager::scheduleSync);
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
        wl_surface *surface = isActive() ? surfaceOf(window) : nullptr;
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
