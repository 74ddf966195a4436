/* SPDX-License-Identifier: MIT */
#include "SystemGestureSurface.h"

#include "DisplaySync.h"
#include "GestureBridgeManager.h"

#include <QQmlInfo>
#include <QQuickWindow>

#include <wayland-client.h>

SystemGestureSurface::SystemGestureSurface(QObject *parent) : QObject(parent) {}

SystemGestureSurface::~SystemGestureSurface()
{
    GestureBridgeManager::instance()->unregisterSystemGestureSurface(this);
}

void SystemGestureSurface::classBegin()
{
    GestureBridgeManager::instance()->registerSystemGestureSurface(this);
}

void SystemGestureSurface::componentComplete()
{
    m_complete = true;
    GestureBridgeManager::instance()->scheduleSync();
}

QWindow *SystemGestureSurface::window() const
{
    return SurfaceGeometry::attachedWindow(this, m_window);
}

void SystemGestureSurface::setWindow(QWindow *window)
{
    if (!SurfaceGeometry::chooseWindow(m_window, window))
        return;
    emit windowChanged();
    GestureBridgeManager::instance()->scheduleSync();
}

QQmlListProperty<QQuickItem> SystemGestureSurface::excludedItems()
{
    return QQmlListProperty<QQuickItem>(this, &m_excludedItems);
}

void SystemGestureSurface::setDeferredEdges(Edges edges)
{
    if (m_deferredEdges == edges)
        return;
    if (uint(edges.toInt()) & ~uint(AllEdges)) {
        qmlWarning(this) << "deferredEdges has bits outside Top | Left | Bottom | Right; not set";
        return;
    }
    m_deferredEdges = edges;
    emit deferredEdgesChanged();
    // A frame, so that follow() sends the edges and a commit applies them.
    if (auto *quick = qobject_cast<QQuickWindow *>(window()))
        quick->update();
}

SurfaceRegion SystemGestureSurface::currentRegion() const
{
    return SurfaceGeometry::regionOf(m_excludedItems, {}, false);
}

bool SystemGestureSurface::isUpToDate() const
{
    return m_applied && m_sentOnce && currentRegion() == m_appliedRegion
            && m_deferredEdges == m_sentEdges;
}

void SystemGestureSurface::attach(struct ::gesture_bridge_system_gesture_surface_v1 *object,
                                  wl_surface *surface)
{
    m_wire = std::make_unique<Wire>(object);
    m_surface = surface;
    m_sentOnce = false;
    m_waitingForFrame = false;
    if (auto *quick = qobject_cast<QQuickWindow *>(window()))
        quick->update();
}

void SystemGestureSurface::detach()
{
    m_wire.reset();
    m_surface = nullptr;
    m_sentOnce = false;
    m_waitingForFrame = false;
    ++m_sends;
    setApplied(false, SurfaceRegion());
}

void SystemGestureSurface::follow()
{
    if (!m_wire)
        return;
    const SurfaceRegion region = currentRegion();
    if (m_sentOnce && region == m_sentRegion && m_deferredEdges == m_sentEdges)
        return;
    // An empty exclusion is sent as null (no exclusion), as the protocol's default.
    const bool none = region.included.isEmpty();
    wl_region *wireRegion = none ? nullptr : SurfaceGeometry::makeRegion(region);
    if (!none && !wireRegion) {
        qmlWarning(this) << "no wl_compositor to make the exclusion region with; not sent";
        return;
    }
    m_wire->set_exclusion_region(wireRegion);
    if (wireRegion)
        wl_region_destroy(wireRegion);
    m_wire->set_deferred_edges(uint32_t(m_deferredEdges.toInt()));
    m_sentRegion = region;
    m_sentEdges = m_deferredEdges;
    m_sentOnce = true;
    m_waitingForFrame = true;
    ++m_sends;
    setApplied(false, m_appliedRegion);
}

void SystemGestureSurface::frameCommitted()
{
    if (!m_waitingForFrame)
        return;
    m_waitingForFrame = false;
    const quint64 send = m_sends;
    const SurfaceRegion region = m_sentRegion;
    QPointer<SystemGestureSurface> self(this);
    DisplaySync::after(GestureBridgeManager::display(), [self, send, region] {
        if (self && self->m_sends == send)
            self->setApplied(true, region);
    });
}

void SystemGestureSurface::setApplied(bool applied, const SurfaceRegion &region)
{
    if (m_applied == applied && m_appliedRegion == region)
        return;
    m_applied = applied;
    m_appliedRegion = region;
    emit appliedChanged();
}
