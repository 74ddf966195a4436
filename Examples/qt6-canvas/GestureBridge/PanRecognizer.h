/* SPDX-License-Identifier: MIT */
#pragma once

#include "GestureRecognizer.h"

// UIPanGestureRecognizer: continuous; translation and velocity of the touches' centroid.
class PanRecognizer : public GestureRecognizer
{
    Q_OBJECT
    QML_ELEMENT
    Q_PROPERTY(int minimumNumberOfTouches READ minimumNumberOfTouches WRITE
                       setMinimumNumberOfTouches NOTIFY minimumNumberOfTouchesChanged)
    // 0 (the default): no limit.
    Q_PROPERTY(int maximumNumberOfTouches READ maximumNumberOfTouches WRITE
                       setMaximumNumberOfTouches NOTIFY maximumNumberOfTouchesChanged)

public:
    explicit PanRecognizer(QObject *parent = nullptr)
        : PanRecognizer(QtWayland::gesture_bridge_manager_v1::type_pan, QStringLiteral("pan"), parent)
    {
    }

    int minimumNumberOfTouches() const { return m_minimum; }
    void setMinimumNumberOfTouches(int touches)
    {
        if (m_minimum == touches)
            return;
        m_minimum = touches;
        emit minimumNumberOfTouchesChanged();
        parametersChanged();
    }
    int maximumNumberOfTouches() const { return m_maximum; }
    void setMaximumNumberOfTouches(int touches)
    {
        if (m_maximum == touches)
            return;
        m_maximum = touches;
        emit maximumNumberOfTouchesChanged();
        parametersChanged();
    }

Q_SIGNALS:
    void minimumNumberOfTouchesChanged();
    void maximumNumberOfTouchesChanged();

protected:
    PanRecognizer(uint32_t protocolType, const QString &type, QObject *parent, uint32_t since = 1)
        : GestureRecognizer(protocolType, type, parent, since)
    {
    }
    QString invalidParameters() const override
    {
        if (m_minimum < 1)
            return QStringLiteral("minimumNumberOfTouches must be at least 1, not %1")
                    .arg(m_minimum);
        if (m_maximum < 0)
            return QStringLiteral("maximumNumberOfTouches must be 0 (no limit) or more, not %1")
                    .arg(m_maximum);
        if (m_maximum != 0 && m_minimum > m_maximum)
            return QStringLiteral("minimumNumberOfTouches %1 is above maximumNumberOfTouches %2")
                    .arg(m_minimum)
                    .arg(m_maximum);
        return QString();
    }
    void sendParameters(QtWayland::gesture_bridge_recognizer_v1 &wire) const override
    {
        wire.set_minimum_number_of_touches(m_minimum);
        wire.set_maximum_number_of_touches(m_maximum);
    }
    void fillValues(Gesture &gesture, const EventGroup &group) const override
    {
        gesture.hasValues = group.hasTranslation;
        gesture.translation = group.translation;
        gesture.velocity = group.velocity;
    }

private:
    int m_minimum = 1;
    int m_maximum = 0;
};
