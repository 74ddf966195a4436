/* SPDX-License-Identifier: MIT */
#pragma once

#include "GestureRecognizer.h"

// UISwipeGestureRecognizer: discrete; `recognized` with the direction of the swipe.
class SwipeRecognizer : public GestureRecognizer
{
    Q_OBJECT
    QML_ELEMENT
    Q_PROPERTY(Directions direction READ direction WRITE setDirection NOTIFY directionChanged)
    Q_PROPERTY(int numberOfTouchesRequired READ numberOfTouchesRequired WRITE
                       setNumberOfTouchesRequired NOTIFY numberOfTouchesRequiredChanged)

public:
    // The protocol's direction enum.
    enum Direction {
        Right = RecognizerWire::direction_right,
        Left = RecognizerWire::direction_left,
        Up = RecognizerWire::direction_up,
        Down = RecognizerWire::direction_down,
    };
    Q_DECLARE_FLAGS(Directions, Direction)
    Q_FLAG(Directions)

    explicit SwipeRecognizer(QObject *parent = nullptr)
        : GestureRecognizer(QtWayland::gesture_bridge_manager_v1::type_swipe, QStringLiteral("swipe"), parent)
    {
    }

    Directions direction() const { return m_direction; }
    void setDirection(Directions direction)
    {
        if (m_direction == direction)
            return;
        m_direction = direction;
        emit directionChanged();
        parametersChanged();
    }
    int numberOfTouchesRequired() const { return m_touches; }
    void setNumberOfTouchesRequired(int touches)
    {
        if (m_touches == touches)
            return;
        m_touches = touches;
        emit numberOfTouchesRequiredChanged();
        parametersChanged();
    }

Q_SIGNALS:
    void directionChanged();
    void numberOfTouchesRequiredChanged();

protected:
    QString invalidParameters() const override
    {
        const uint all = Right | Left | Up | Down;
        const uint value = uint(m_direction.toInt());
        if (value == 0 || (value & ~all))
            return QStringLiteral("direction must be a non-empty combination of Right, Left, Up "
                                  "and Down");
        if (m_touches < 1)
            return QStringLiteral("numberOfTouchesRequired must be at least 1, not %1")
                    .arg(m_touches);
        return QString();
    }
    void sendParameters(QtWayland::gesture_bridge_recognizer_v1 &wire) const override
    {
        wire.set_direction(uint32_t(m_direction.toInt()));
        wire.set_number_of_touches_required(m_touches);
    }
    void fillValues(Gesture &gesture, const EventGroup &group) const override
    {
        gesture.hasValues = !group.direction.isEmpty();
        gesture.direction = group.direction;
    }

private:
    Directions m_direction = Right;
    int m_touches = 1;
};
