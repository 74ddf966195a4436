/* SPDX-License-Identifier: MIT */
#pragma once

#include "TouchCountRecognizer.h"

// UIRotationGestureRecognizer: continuous; rotation of the touches in radians since the start.
class RotationRecognizer : public TouchCountRecognizer
{
    Q_OBJECT
    QML_ELEMENT

public:
    explicit RotationRecognizer(QObject *parent = nullptr)
        : TouchCountRecognizer(QtWayland::gesture_bridge_manager_v1::type_rotation, QStringLiteral("rotation"), parent)
    {
    }

protected:
    void fillValues(Gesture &gesture, const EventGroup &group) const override
    {
        gesture.hasValues = group.hasRotation;
        gesture.rotation = group.rotation;
        gesture.rotationVelocity = group.rotationVelocity;
    }
};
