/* SPDX-License-Identifier: MIT */
#include "GestureRecognizer.h"

#include "GestureBridgeManager.h"

#include <QQmlInfo>
#include <QQuickItem>
#include <QQuickWindow>

#include <wayland-client.h>

GestureRecognizer::GestureRecognizer(uint32_t protocolType, const QString &type, QObject *parent,
                                     uint32_t since)
    : QObject(parent), m_protocolType(protocolType), m_protocolSince(since), m_type(type)
{
}

GestureRecognizer::~GestureRecognizer()
{
    GestureBridgeManager::instance()->unregisterRecognizer(this);
}

void GestureRecognizer::classBegin()
{
    GestureBridgeManager::instance()->registerRecognizer(this);
}

void GestureRecognizer::componentComplete()
{
    m_complete = true;
    if (m_name.isEmpty())
        m_name = objectName().isEmpty() ? m_type : objectName();
    GestureBridgeManager::instance()->scheduleSync();
}

QWindow *GestureRecognizer::window() const
{
    return SurfaceGeometry::attachedWindow(this, m_window);
}

void GestureRecognizer::setWindow(QWindow *window)
{
    if (!SurfaceGeometry::chooseWindow(m_window, window))
        return;
    emit windowChanged();
    GestureBridgeManager::instance()->scheduleSync();
}

QQuickItem *GestureRecognizer::item() const
{
    return m_item;
}

void GestureRecognizer::setItem(QQuickItem *item)
{
    if (m_item == item)
        return;
    m_item = item;
    emit itemChanged();
    parametersChanged();
}

QQmlListProperty<QQuickItem> GestureRecognizer::excludedItems()
{
    return QQmlListProperty<QQuickItem>(this, &m_excludedItems);
}

SurfaceRegion GestureRecognizer::currentRegion() const
{
    QList<QQuickItem *> included;
    if (m_item)
        included.append(m_item);
    SurfaceRegion region = SurfaceGeometry::regionOf(included, m_excludedItems, !m_item);
    return region;
}

void GestureRecognizer::followRegion()
{
    // A refused state is not sent again at each frame (its warning said why) until it changes.
    if (m_committed && m_wire && !m_refused && currentRegion() != m_sentRegion)
        commit();
}

uint32_t GestureRecognizer::wireVersion() const
{
    return m_wire ? wl_proxy_get_version(reinterpret_cast<wl_proxy *>(m_wire->object())) : 0;
}

void GestureRecognizer::setName(const QString &name)
{
    if (m_name == name)
        return;
    m_name = name;
    emit nameChanged();
}

void GestureRecognizer::setEnabled(bool enabled)
{
    if (m_enabled == enabled)
        return;
    m_enabled = enabled;
    emit enabledChanged();
    parametersChanged();
}

void GestureRecognizer::setCancelsTouchesInView(bool value)
{
    if (m_cancelsTouchesInView == value)
        return;
    m_cancelsTouchesInView = value;
    emit cancelsTouchesInViewChanged();
    parametersChanged();
}

void GestureRecognizer::setDelaysTouchesBegan(bool value)
{
    if (m_delaysTouchesBegan == value)
        return;
    m_delaysTouchesBegan = value;
    emit delaysTouchesBeganChanged();
    parametersChanged();
}

void GestureRecognizer::setDelaysTouchesEnded(bool value)
{
    if (m_delaysTouchesEnded == value)
        return;
    m_delaysTouchesEnded = value;
    emit delaysTouchesEndedChanged();
    parametersChanged();
}

QQmlListProperty<GestureRecognizer> GestureRecognizer::requiresFailureOf()
{
    return QQmlListProperty<GestureRecognizer>(this, &m_requiresFailureOf);
}

QQmlListProperty<GestureRecognizer> GestureRecognizer::recognizesSimultaneouslyWith()
{
    return QQmlListProperty<GestureRecognizer>(this, &m_recognizesSimultaneouslyWith);
}

void GestureRecognizer::parametersChanged()
{
    m_needsCommit = true;
    m_refused = false;
    if (m_complete)
        GestureBridgeManager::instance()->scheduleSync();
}

void GestureRecognizer::attach(struct ::gesture_bridge_recognizer_v1 *object, wl_surface *surface)
{
    m_wire = std::make_unique<RecognizerWire>(object, this);
    m_surface = surface;
    m_needsCommit = true;
    m_sentFailureRelations.clear();
    m_sentSimultaneousRelations.clear();
}

void GestureRecognizer::detach()
{
    const bool wasCommitted = m_committed;
    m_committed = false;
    m_wire.reset();
    m_surface = nullptr;
    m_sentFailureRelations.clear();
    m_sentSimultaneousRelations.clear();
    if (wasCommitted)
        emit attachedChanged();
}

bool GestureRecognizer::hasUnsentRelations() const
{
    for (GestureRecognizer *other : m_requiresFailureOf) {
        if (other && other->isAttached() && !m_sentFailureRelations.contains(other))
            return true;
    }
    for (GestureRecognizer *other : m_recognizesSimultaneouslyWith) {
        if (other && other->isAttached() && !m_sentSimultaneousRelations.contains(other))
            return true;
    }
    return false;
}

void GestureRecognizer::forgetSentRelationsTo(const GestureRecognizer *other)
{
    m_sentFailureRelations.removeAll(other);
    m_sentSimultaneousRelations.removeAll(other);
}

void GestureRecognizer::forgetRecognizer(const GestureRecognizer *other)
{
    forgetSentRelationsTo(other);
    m_requiresFailureOf.removeAll(other);
    m_recognizesSimultaneouslyWith.removeAll(other);
}

bool GestureRecognizer::failureChainReaches(const GestureRecognizer *target,
                                            QList<const GestureRecognizer *> &seen) const
{
    for (GestureRecognizer *other : m_requiresFailureOf) {
        if (!other)
            continue;
        if (other == target)
            return true;
        if (seen.contains(other))
            continue;
        seen.append(other);
        if (other->failureChainReaches(target, seen))
            return true;
    }
    return false;
}

QString GestureRecognizer::invalidRelations() const
{
    for (GestureRecognizer *other : m_requiresFailureOf) {
        if (other == this)
            return QStringLiteral("requiresFailureOf names the recognizer itself");
    }
    for (GestureRecognizer *other : m_recognizesSimultaneouslyWith) {
        if (other == this)
            return QStringLiteral("recognizesSimultaneouslyWith names the recognizer itself");
    }
    QList<const GestureRecognizer *> seen;
    if (failureChainReaches(this, seen))
        return QStringLiteral("requiresFailureOf forms a cycle");
    return QString();
}

bool GestureRecognizer::commit()
{
    if (!m_wire)
        return false;
    QString problem = invalidParameters();
    if (problem.isEmpty())
        problem = invalidRelations();
    if (!problem.isEmpty()) {
        qmlWarning(this) << m_type << " recognizer \"" << m_name << "\": " << problem
                         << "; not sent to the compositor";
        m_needsCommit = false;
        m_refused = true;
        return false;
    }
    const SurfaceRegion region = currentRegion();
    wl_region *wireRegion = SurfaceGeometry::makeRegion(region);
    if (!region.whole && !wireRegion) {
        qmlWarning(this) << m_type << " recognizer \"" << m_name
                         << "\": no wl_compositor to make its region with; not sent";
        m_needsCommit = false;
        m_refused = true;
        return false;
    }
    sendParameters(*m_wire);
    m_wire->set_region(wireRegion);
    if (wireRegion)
        wl_region_destroy(wireRegion);
    m_sentRegion = region;
    m_wire->set_cancels_touches(m_cancelsTouchesInView ? 1 : 0);
    m_wire->set_delays_touches_began(m_delaysTouchesBegan ? 1 : 0);
    m_wire->set_delays_touches_ended(m_delaysTouchesEnded ? 1 : 0);
    m_wire->set_enabled(m_enabled ? 1 : 0);
    sendRelations();
    m_wire->commit();
    m_needsCommit = false;
    if (!m_committed) {
        m_committed = true;
        emit attachedChanged();
    }
    return true;
}

void GestureRecognizer::sendRelations()
{
    for (GestureRecognizer *other : m_requiresFailureOf) {
        if (other && other->m_wire && !m_sentFailureRelations.contains(other)) {
            m_wire->require_failure_of(other->m_wire->object());
            m_sentFailureRelations.append(other);
        }
    }
    for (GestureRecognizer *other : m_recognizesSimultaneouslyWith) {
        if (other && other->m_wire && !m_sentSimultaneousRelations.contains(other)) {
            m_wire->recognize_simultaneously_with(other->m_wire->object());
            m_sentSimultaneousRelations.append(other);
        }
    }
}

void GestureRecognizer::deliver(const EventGroup &group, const QString &state,
                                quint64 timeMicroseconds)
{
    Gesture gesture;
    gesture.recognizer = m_name;
    gesture.type = m_type;
    gesture.state = state;
    gesture.timeMicroseconds = timeMicroseconds;
    gesture.surfaceLocation = group.location;
    // Qt draws client-side decorations inside the wl_surface: the scene starts after them.
    gesture.location = group.location - QPointF(SurfaceGeometry::sceneOrigin(window()));
    gesture.touches = group.touches;
    fillValues(gesture, group);

    m_state = state;
    emit stateChanged();
    emit GestureBridgeManager::instance()->gestureReceived(gesture);
    emit this->gesture(gesture);
    if (state == QLatin1String("began"))
        emit began(gesture);
    else if (state == QLatin1String("changed"))
        emit changed(gesture);
    else if (state == QLatin1String("ended"))
        emit ended(gesture);
    else if (state == QLatin1String("cancelled"))
        emit cancelled(gesture);
    else if (state == QLatin1String("recognized"))
        emit recognized(gesture);
    else if (state == QLatin1String("failed"))
        emit failed(gesture);
}
