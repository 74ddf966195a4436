/* SPDX-License-Identifier: MIT */
#pragma once

#include "GestureRecognizer.h"

// UITapGestureRecognizer: discrete; `recognized` once the taps are complete.
class TapRecognizer : public GestureRecognizer
{
    Q_OBJECT
    QML_ELEMENT
    Q_PROPERTY(int numberOfTapsRequired READ numberOfTapsRequired WRITE setNumberOfTapsRequired
                       NOTIFY numberOfTapsRequiredChanged)
    Q_PROPERTY(int numberOfTouchesRequired READ numberOfTouchesRequired WRITE
                       setNumberOfTouchesRequired NOTIFY numberOfTouchesRequiredChanged)

public:
    explicit TapRecognizer(QObject *parent = nullptr)
        : GestureRecognizer(QtWayland::gesture_bridge_manager_v1::type_tap, QStringLiteral("tap"), parent)
    {
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
    void numberOfTapsRequiredChanged();
    void numberOfTouchesRequiredChanged();

protected:
    QString invalidParameters() const override
    {
        if (m_taps < 1)
            return QStringLiteral("numberOfTapsRequired must be at least 1, not %1").arg(m_taps);
        if (m_touches < 1)
            return QStringLiteral("numberOfTouchesRequired must be at least 1, not %1")
                    .arg(m_touches);
        return QString();
    }
    void sendParameters(QtWayland::gesture_bridge_recognizer_v1 &wire) const override
    {
        wire.set_number_of_taps_required(m_taps);
        wire.set_number_of_touches_required(m_touches);
    }
    void fillValues(Gesture &gesture, const EventGroup &group) const override
    {
        gesture.hasValues = group.hasTaps;
        gesture.taps = group.taps;
    }

private:
    int m_taps = 1;
    int m_touches = 1;
};
