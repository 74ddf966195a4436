/* SPDX-License-Identifier: MIT */
#pragma once

#include "GestureRecognizer.h"

#include <cmath>

// UILongPressGestureRecognizer: continuous; began once the touches stayed down
// minimumPressDuration seconds within allowableMovement.
class LongPressRecognizer : public GestureRecognizer
{
    Q_OBJECT
    QML_ELEMENT
    // Seconds (default 0.5).
    Q_PROPERTY(double minimumPressDuration READ minimumPressDuration WRITE
                       setMinimumPressDuration NOTIFY minimumPressDurationChanged)
    // Surface units; negative (the default) keeps the compositor's (1.56 mm of the screen).
    Q_PROPERTY(double allowableMovement READ allowableMovement WRITE setAllowableMovement NOTIFY
                       allowableMovementChanged)
    Q_PROPERTY(int numberOfTouchesRequired READ numberOfTouchesRequired WRITE
                       setNumberOfTouchesRequired NOTIFY numberOfTouchesRequiredChanged)
    Q_PROPERTY(int numberOfTapsRequired READ numberOfTapsRequired WRITE setNumberOfTapsRequired
                       NOTIFY numberOfTapsRequiredChanged)

public:
    explicit LongPressRecognizer(QObject *parent = nullptr)
        : GestureRecognizer(QtWayland::gesture_bridge_manager_v1::type_long_press, QStringLiteral("long-press"), parent)
    {
    }

    double minimumPressDuration() const { return m_duration; }
    void setMinimumPressDuration(double seconds)
    {
        if (m_duration == seconds)
            return;
        m_duration = seconds;
        emit minimumPressDurationChanged();
        parametersChanged();
    }
    double allowableMovement() const { return m_movement; }
    void setAllowableMovement(double distance)
    {
        if (m_movement == distance)
            return;
        m_movement = distance;
        emit allowableMovementChanged();
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
    int numberOfTapsRequired() const { return m_taps; }
    void setNumberOfTapsRequired(int taps)
    {
        if (m_taps == taps)
            return;
        m_taps = taps;
        emit numberOfTapsRequiredChanged();
        parametersChanged();
    }

Q_SIGNALS:
    void minimumPressDurationChanged();
    void allowableMovementChanged();
    void numberOfTouchesRequiredChanged();
    void numberOfTapsRequiredChanged();

protected:
    QString invalidParameters() const override
    {
        // The wire carries integral microseconds in a signed 32-bit int.
        if (!std::isfinite(m_duration) || m_duration < 0 || m_duration * 1e6 > 2147483647.0)
            return QStringLiteral("minimumPressDuration must be 0 to 2147.48 seconds, not %1")
                    .arg(m_duration);
        if (!std::isfinite(m_movement) || m_movement > 8388607.0)
            return QStringLiteral("allowableMovement must be finite and below 8388608, not %1")
                    .arg(m_movement);
        if (m_touches < 1)
            return QStringLiteral("numberOfTouchesRequired must be at least 1, not %1")
                    .arg(m_touches);
        if (m_taps < 0)
            return QStringLiteral("numberOfTapsRequired must be at least 0, not %1").arg(m_taps);
        return QString();
    }
    void sendParameters(QtWayland::gesture_bridge_recognizer_v1 &wire) const override
    {
        wire.set_minimum_press_duration(int32_t(std::llround(m_duration * 1e6)));
        if (m_movement >= 0)
            wire.set_allowable_movement(wl_fixed_from_double(m_movement));
        wire.set_number_of_touches_required(m_touches);
        wire.set_number_of_taps_required(m_taps);
    }
    void fillValues(Gesture &gesture, const EventGroup &) const override
    {
        gesture.hasValues = true;
    }

private:
    double m_duration = 0.5;
    double m_movement = -1;
    int m_touches = 1;
    int m_taps = 0;
};
