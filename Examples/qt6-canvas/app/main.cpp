/* SPDX-License-Identifier: MIT */
// qt6-canvas: a zoomable, pannable canvas with pages to swipe between, driven by
// compositor-side gesture recognizers (gesture-bridge-v1) through the QML module GestureBridge.
#include "DisplaySync.h"
#include "GestureBridgeManager.h"
#include "GestureLog.h"
#include "SystemGestureSurface.h"
#include "TerminationSignal.h"
#include "TouchLog.h"

#include <QCommandLineParser>
#include <QGuiApplication>
#include <QQmlApplicationEngine>
#include <QQuickItem>
#include <QQuickWindow>
#include <QtQml/qqmlextensionplugin.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>

Q_IMPORT_QML_PLUGIN(GestureBridgePlugin)

static const char *const usage =
        "Usage: qt6-canvas [--log FILE] [--log-failed] [--touch-log FILE] [--print-ready]\n"
        "                  [--drawer-open] [--maximized] [--qml FILE]\n"
        "\n"
        "A Qt 6 / QML canvas on a Wayland compositor with the gesture-bridge-v1 protocol: pinch\n"
        "to zoom, pan to move, swipe left or right between pages; the Pages button opens a\n"
        "drawer that keeps the compositor's system gestures off it. Run with\n"
        "QT_QPA_PLATFORM=wayland (QT_QUICK_BACKEND=software without a GPU).\n"
        "\n"
        "  --log FILE        write one JSON line per gesture state change the compositor\n"
        "                    reports, with the schema of `gesture-bridge replay --format json`\n"
        "                    (\"view\":\"surface\", surface coordinates, CLOCK_MONOTONIC seconds)\n"
        "  --log-failed      also write failed state changes (the replay prints none)\n"
        "  --touch-log FILE  write the touch events Qt itself delivers to the window\n"
        "                    (TouchBegin/Update/End/Cancel), one JSON line each\n"
        "  --print-ready     print {\"event\":\"ready\",...} on stdout once every recognizer is\n"
        "                    committed and the compositor has seen it (a wl_display.sync)\n"
        "  --drawer-open     start with the drawer open\n"
        "  --maximized       show the window maximized (with Qt's client-side decorations)\n"
        "  --qml FILE        load this QML file (a Window using `import GestureBridge`)\n"
        "                    instead of the canvas\n"
        "  -h, --help        show this help\n"
        "\n"
        "Each time the compositor has applied the window's system gesture state (the drawer\n"
        "opened or closed), stdout gets {\"event\":\"system-gestures\",\"drawer\":\"open\",\n"
        "\"excluded\":\"X,Y WxH\",\"deferredEdges\":2} (surface coordinates; 2: left).\n"
        "SIGINT/SIGTERM: one wl_display.sync (every gesture sent before is logged), then it\n"
        "prints {\"event\":\"exit\",\"page\":N,\"zoom\":Z,\"offset\":[X,Y]} (the page shown,\n"
        "from 0, its zoom and offset) and exits 0.\n"
        "Exit status: 0 on SIGINT/SIGTERM or when the window is closed, 1 when the platform is\n"
        "not wayland, a file cannot be written or the QML does not load, 64 for invalid\n"
        "options.\n";

// What the user sees at the end, on stdout: {"event":"exit","page":N,"zoom":Z,"offset":[X,Y]}
// (the current page, counted from 0, and its zoom and offset).
static void printCanvasState(QQuickWindow *window)
{
    QVariant page;
    // Only the canvas (Main.qml) has pages, not a --qml file.
    if (window->metaObject()->indexOfMethod("currentPage()") < 0)
        return;
    QMetaObject::invokeMethod(window, "currentPage", Q_RETURN_ARG(QVariant, page));
    const QObject *canvas = page.value<QObject *>();
    if (!canvas)
        return;
    const QPointF offset = canvas->property("offset").toPointF();
    std::printf("{\"event\":\"exit\",\"page\":%d,\"zoom\":%s,\"offset\":[%s,%s]}\n",
                window->property("page").toInt(),
                GestureLog::fixed(canvas->property("zoom").toDouble(), 4).constData(),
                GestureLog::fixed(offset.x(), 2).constData(),
                GestureLog::fixed(offset.y(), 2).constData());
    std::fflush(stdout);
}

int main(int argc, char *argv[])
{
    // --help before QGuiApplication, which needs a display to connect to.
    for (int index = 1; index < argc; ++index) {
        if (std::strcmp(argv[index], "-h") == 0 || std::strcmp(argv[index], "--help") == 0) {
            std::fputs(usage, stdout);
            return 0;
        }
    }
    QGuiApplication app(argc, argv);
    QCommandLineParser parser;
    const QCommandLineOption logOption("log", "", "FILE");
    const QCommandLineOption logFailedOption("log-failed");
    const QCommandLineOption touchLogOption("touch-log", "", "FILE");
    const QCommandLineOption readyOption("print-ready");
    const QCommandLineOption qmlOption("qml", "", "FILE");
    const QCommandLineOption drawerOption("drawer-open");
    const QCommandLineOption maximizedOption("maximized");
    const QCommandLineOption helpOption(QStringList{"h", "help"});
    parser.addOptions(
            {logOption, logFailedOption, touchLogOption, readyOption, qmlOption, drawerOption,
             maximizedOption, helpOption});
    if (!parser.parse(app.arguments()) || !parser.positionalArguments().isEmpty()) {
        const QString problem = parser.errorText().isEmpty()
                ? "unexpected argument " + parser.positionalArguments().first()
                : parser.errorText();
        std::fprintf(stderr, "qt6-canvas: %s\n%s", qPrintable(problem), usage);
        return 64;
    }
    if (QGuiApplication::platformName() != QLatin1String("wayland")) {
        std::fprintf(stderr,
                     "qt6-canvas: the Qt platform is %s: gesture-bridge-v1 needs a Wayland "
                     "compositor (QT_QPA_PLATFORM=wayland)\n",
                     qPrintable(QGuiApplication::platformName()));
        return 1;
    }

    GestureBridgeManager *gestures = GestureBridgeManager::instance();
    std::unique_ptr<GestureLog> log;
    if (parser.isSet(logOption)) {
        log = std::make_unique<GestureLog>(parser.value(logOption), parser.isSet(logFailedOption));
        QString error;
        if (!log->open(&error)) {
            std::fprintf(stderr, "qt6-canvas: --log %s: %s\n",
                         qPrintable(parser.value(logOption)), qPrintable(error));
            return 1;
        }
        QObject::connect(gestures, &GestureBridgeManager::gestureReceived, &app,
                         [&log](const Gesture &gesture) { log->write(gesture); });
    }

    QQmlApplicationEngine engine;
    QVariantMap initial;
    if (parser.isSet(maximizedOption))
        initial.insert(QStringLiteral("visibility"), QWindow::Maximized);
    if (parser.isSet(drawerOption) && !parser.isSet(qmlOption))
        initial.insert(QStringLiteral("drawerOpen"), true);
    engine.setInitialProperties(initial);
    if (parser.isSet(qmlOption))
        engine.load(QUrl::fromLocalFile(parser.value(qmlOption)));
    else
        engine.load(QUrl(QStringLiteral("qrc:/qt/qml/Canvas/Main.qml")));
    auto *window = engine.rootObjects().isEmpty()
            ? nullptr
            : qobject_cast<QQuickWindow *>(engine.rootObjects().first());
    if (!window) {
        std::fprintf(stderr, "qt6-canvas: the QML did not load as a Window (see above)\n");
        return 1;
    }

    if (parser.isSet(touchLogOption)) {
        auto *touches = new TouchLog(parser.value(touchLogOption), window);
        QString error;
        if (!touches->open(&error)) {
            std::fprintf(stderr, "qt6-canvas: --touch-log %s: %s\n",
                         qPrintable(parser.value(touchLogOption)), qPrintable(error));
            return 1;
        }
        window->installEventFilter(touches);
    }

    if (parser.isSet(readyOption)) {
        auto printed = std::make_shared<bool>(false);
        QObject::connect(gestures, &GestureBridgeManager::recognizersCommitted, &app,
                         [printed, window](int count) {
                             if (*printed)
                                 return;
                             *printed = true;
                             DisplaySync::after(GestureBridgeManager::display(), [count, window] {
                                 const QMargins margins = window->frameMargins();
                                 std::printf("{\"event\":\"ready\",\"recognizers\":%d,"
                                             "\"surface\":[%d,%d],\"margins\":[%d,%d]}\n",
                                             count, window->width() + margins.left()
                                                     + margins.right(),
                                             window->height() + margins.top()
                                                     + margins.bottom(),
                                             margins.left(), margins.top());
                                 std::fflush(stdout);
                             });
                         });
    }

    // The system gesture state the compositor applied, once the canvas's drawer has come to
    // rest (not the frames of its slide), each change once.
    auto *systemGestures = window->findChild<SystemGestureSurface *>();
    auto *drawer = window->findChild<QQuickItem *>(QStringLiteral("drawer"));
    if (systemGestures && drawer) {
        auto printed = std::make_shared<QByteArray>();
        // At rest and the state it gives applied: checked when either changes (the last
        // frames of a slide can round to the same exclusion as the resting drawer's; the
        // drawer can come to rest before the frame that sends its last state).
        const auto printIfSettled = [systemGestures, drawer, window, printed] {
            const bool open = window->property("drawerOpen").toBool();
            const bool atRest = open ? drawer->x() == 0
                                     : drawer->x() == -drawer->width();
            if (!systemGestures->isUpToDate() || !atRest)
                return;
            const QByteArray line =
                    QByteArray("{\"event\":\"system-gestures\",\"drawer\":\"")
                    + (open ? "open" : "closed") + "\",\"excluded\":\""
                    + systemGestures->appliedExclusion().toUtf8()
                    + "\",\"deferredEdges\":"
                    + QByteArray::number(systemGestures->deferredEdges().toInt())
                    + "}";
            if (line == *printed)
                return;
            *printed = line;
            std::printf("%s\n", line.constData());
            std::fflush(stdout);
        };
        QObject::connect(systemGestures, &SystemGestureSurface::appliedChanged, &app,
                         printIfSettled);
        QObject::connect(drawer, &QQuickItem::xChanged, &app, printIfSettled);
    }

    TerminationSignal termination;
    QObject::connect(&termination, &TerminationSignal::received, &app, [&log, window] {
        DisplaySync::after(GestureBridgeManager::display(), [&log, window] {
            if (log)
                log->close();
            printCanvasState(window);
            QGuiApplication::quit();
        });
    });
    const int status = app.exec();
    // Leave without Qt's teardown: Qt 6.4's ~QWaylandDisplay waits for its Wayland event
    // thread, which can sit in wl_display_read_events waiting for another reader that never
    // comes, so the process hangs after quit() (seen once in two test runs on a busy machine:
    // the main thread in QThread::wait from ~QWaylandIntegration). Both logs flush every line
    // and the lambda above closed the gesture log; stdio is flushed here.
    std::fflush(nullptr);
    std::_Exit(status);
}
