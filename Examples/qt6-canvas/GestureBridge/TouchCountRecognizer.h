/* SPDX-License-Identifier: MIT */
#pragma once

#include "GestureRecognizer.h"

// The base of PinchRecognizer and RotationRecognizer: two-finger gestures whose touch counts
// version 4 of gesture-bridge-v1 lets a client set (set_minimum/maximum_number_of_touches for
// pinch and rotation). The defaults are the protocol's: 2 and 2 (a maximum below a set minimum
// counts as the minimum). A value other than the default needs version 4 of the global: with
// an older compositor the recognizer is refused with a QML warning and not sent.
class TouchCountRecognizer : public GestureRecognizer
{
    Q_OBJECT
    QML_ANONYMOUS
    Q_PROPERTY(int minimumNumberOfTouches READ minimumNumberOfTouches WRITE
                       setMinimumNumberOfTouches NOTIFY minimumNumberOfTouchesChanged)
    // 0: no limit.
    Q_PROPERTY(int maximumNumberOfTouches READ maximumNumberOfTouches WRITE
                       setMaximumNumberOfTouches NOTIFY maximumNumberOfTouchesChanged)

public:
    // The version of gesture_bridge_manager_v1 that made the counts settable for these types.
    static constexpr uint32_t countsSince = 4;
    static constexpr int defaultTouches = 2;

    int minimumNumberOfTouches() const { return m_minimum; }
    void setMinimumNumberOfTouches(int touches)
    {
        if (m_minimum == touches)
            return;
        m_minimum = touches;
        emit minimumNumberOfTouchesChanged();
        parametersChanged();
    }
    // The default follows a higher minimum, as the protocol's does.
    int maximumNumberOfTouches() const
    {
        return m_maximumSet ? m_maximum : qMax(defaultTouches, m_minimum);
    }
    void setMaximumNumberOfTouches(int touches)
    {
        if (m_maximumSet && m_maximum == touches)
            return;
        m_maximum = touches;
        m_maximumSet = true;
        emit maximumNumberOfTouchesChanged();
        parametersChanged();
    }

Q_SIGNALS:
    void minimumNumberOfTouchesChanged();
    void maximumNumberOfTouchesChanged();

protected:
    TouchCountRecognizer(uint32_t protocolType, const QString &type, QObject *parent)
        : GestureRecognizer(protocolType, type, parent)
    {
    }
    bool isDefault() const { return m_minimum == defaultTouches && !m_maximumSet; }
    QString invalidParameters() const override
    {
        if (m_minimum < 1)
            return QStringLiteral("minimumNumberOfTouches must be at least 1, not %1")
                    .arg(m_minimum);
        if (m_maximumSet && m_maximum < 0)
            return QStringLiteral("maximumNumberOfTouches must be 0 (no limit) or more, not %1")
                    .arg(m_maximum);
        if (m_maximumSet && m_maximum != 0 && m_minimum > m_maximum)
            return QStringLiteral("minimumNumberOfTouches %1 is above maximumNumberOfTouches %2")
                    .arg(m_minimum)
                    .arg(m_maximum);
        if (!isDefault() && wireVersion() < countsSince)
            return QStringLiteral("minimumNumberOfTouches and maximumNumberOfTouches need "
                                  "gesture_bridge_manager_v1 version %1, the compositor offers %2")
                    .arg(countsSince)
                    .arg(wireVersion());
        return QString();
    }
    void sendParameters(QtWayland::gesture_bridge_recognizer_v1 &wire) const override
    {
        if (wireVersion() < countsSince)
            return;
        wire.set_minimum_number_of_touches(m_minimum);
        if (m_maximumSet)
            wire.set_maximum_number_of_touches(m_maximum);
    }

private:
    int m_minimum = defaultTouches;
    int m_maximum = defaultTouches;
    bool m_maximumSet = false;
};
