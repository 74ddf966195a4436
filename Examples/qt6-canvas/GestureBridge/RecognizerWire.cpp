/* SPDX-License-Identifier: MIT */
#include "RecognizerWire.h"

#include "GestureRecognizer.h"

RecognizerWire::RecognizerWire(struct ::gesture_bridge_recognizer_v1 *object,
                               GestureRecognizer *owner)
    : QtWayland::gesture_bridge_recognizer_v1(object), m_owner(owner)
{
}

RecognizerWire::~RecognizerWire()
{
    destroy();
}

QString RecognizerWire::stateName(uint32_t state)
{
    switch (state) {
    case state_began: return QStringLiteral("began");
    case state_changed: return QStringLiteral("changed");
    case state_ended: return QStringLiteral("ended");
    case state_cancelled: return QStringLiteral("cancelled");
    case state_failed: return QStringLiteral("failed");
    case state_recognized: return QStringLiteral("recognized");
    default: return QString();
    }
}

QString RecognizerWire::directionName(uint32_t direction)
{
    switch (direction) {
    case direction_right: return QStringLiteral("right");
    case direction_left: return QStringLiteral("left");
    case direction_up: return QStringLiteral("up");
    case direction_down: return QStringLiteral("down");
    default: return QString();
    }
}

void RecognizerWire::gesture_bridge_recognizer_v1_location(wl_fixed_t x, wl_fixed_t y)
{
    m_group.location = QPointF(wl_fixed_to_double(x), wl_fixed_to_double(y));
}

void RecognizerWire::gesture_bridge_recognizer_v1_touches(uint32_t number)
{
    m_group.touches = int(number);
}

void RecognizerWire::gesture_bridge_recognizer_v1_translation(wl_fixed_t dx, wl_fixed_t dy)
{
    m_group.hasTranslation = true;
    m_group.translation = QPointF(wl_fixed_to_double(dx), wl_fixed_to_double(dy));
}

void RecognizerWire::gesture_bridge_recognizer_v1_velocity(wl_fixed_t vx, wl_fixed_t vy)
{
    m_group.velocity = QPointF(wl_fixed_to_double(vx), wl_fixed_to_double(vy));
}

void RecognizerWire::gesture_bridge_recognizer_v1_scale(wl_fixed_t scale, wl_fixed_t velocity)
{
    m_group.hasScale = true;
    m_group.scale = wl_fixed_to_double(scale);
    m_group.scaleVelocity = wl_fixed_to_double(velocity);
}

void RecognizerWire::gesture_bridge_recognizer_v1_rotation(wl_fixed_t rotation,
                                                           wl_fixed_t velocity)
{
    m_group.hasRotation = true;
    m_group.rotation = wl_fixed_to_double(rotation);
    m_group.rotationVelocity = wl_fixed_to_double(velocity);
}

void RecognizerWire::gesture_bridge_recognizer_v1_direction(uint32_t direction)
{
    m_group.direction = directionName(direction);
}

void RecognizerWire::gesture_bridge_recognizer_v1_taps(uint32_t number)
{
    m_group.hasTaps = true;
    m_group.taps = int(number);
}

void RecognizerWire::gesture_bridge_recognizer_v1_frame(uint32_t state, uint32_t utime_hi,
                                                        uint32_t utime_lo)
{
    EventGroup group = m_group;
    m_group = EventGroup();
    const QString name = stateName(state);
    if (name.isEmpty()) {
        // A state this client does not know (a newer protocol): the group is dropped.
        return;
    }
    const quint64 time = (quint64(utime_hi) << 32) | quint64(utime_lo);
    m_owner->deliver(group, name, time);
}
