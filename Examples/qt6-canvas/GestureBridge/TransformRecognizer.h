/* SPDX-License-Identifier: MIT */
#pragma once

#include "PanRecognizer.h"

// The compositor's transform (Flutter's ScaleGestureRecognizer; protocol version 3):
// continuous, one to many fingers; translation, scale and rotation together, each with its
// velocity. minimumNumberOfTouches and maximumNumberOfTouches as a pan's.
class TransformRecognizer : public PanRecognizer
{
    Q_OBJECT
    QML_ELEMENT

public:
    explicit TransformRecognizer(QObject *parent = nullptr)
        : PanRecognizer(QtWayland::gesture_bridge_manager_v1::type_transform, QStringLiteral("transform"),
                        parent, GESTURE_BRIDGE_MANAGER_V1_TYPE_TRANSFORM_SINCE_VERSION)
    {
    }

protected:
    void fillValues(Gesture &gesture, const EventGroup &group) const override
    {
        gesture.hasValues = group.hasTranslation || group.hasScale || group.hasRotation;
        gesture.translation = group.translation;
        gesture.velocity = group.velocity;
        gesture.scale = group.scale;
        gesture.scaleVelocity = group.scaleVelocity;
        gesture.rotation = group.rotation;
        gesture.rotationVelocity = group.rotationVelocity;
    }
};
