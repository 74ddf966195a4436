/* SPDX-License-Identifier: MIT */
/*
 * wf-touch-harness: wf-touch (Wayfire's touch gesture library, Debian libwf-touch-dev) fed
 * the same touch frames as GestureBridge's engine in `bench-tool peer`, for the peer row of
 * scripts/bench.sh. Reads a frames file written by `bench-tool export-frames` (one frame per
 * line: TIME_US COUNT, then ID PHASE X Y per sample, PHASE b/m/e/c), then feeds every sample
 * as a wf-touch event (began: touch down, moved: motion, ended and cancelled: touch up) to 20
 * gestures, resetting them when the first finger touches down, as a compositor embedding
 * wf-touch does. Each frame (all its events through all gestures) is timed alone with
 * CLOCK_MONOTONIC; reading the file is not timed.
 *
 *   wf-touch-harness FRAMES [--passes N] [--no-times]
 *
 * Prints: wf-touch gestures=20 passes=N completed=C cancelled=X frames=F median_ns=M
 * p99_ns=P mean_ns=A (the timing fields only with times). Exit status 2 on bad usage or an
 * unreadable file, naming the line.
 */
#include <wayfire/touch/touch.hpp>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <memory>
#include <string>
#include <vector>

using namespace wf::touch;

namespace {

struct sample_t {
    int32_t id;
    char phase;
    double x, y;
};

struct frame_t {
    int64_t time_us;
    size_t first, count; /* into the samples array */
};

struct frames_t {
    std::vector<frame_t> frames;
    std::vector<sample_t> samples;
};

[[noreturn]] void fail(const std::string& message) {
    std::fprintf(stderr, "wf-touch-harness: %s\n", message.c_str());
    std::exit(2);
}

frames_t read_frames(const char* path) {
    FILE* file = std::fopen(path, "r");
    if (!file) fail(std::string(path) + ": " + std::strerror(errno));
    frames_t result;
    char* line = nullptr;
    size_t capacity = 0;
    long number = 0;
    while (getline(&line, &capacity, file) >= 0) {
        number++;
        if (line[0] == '#') continue;
        std::string where = std::string(path) + ":" + std::to_string(number);
        char* cursor = line;
        char* end = nullptr;
        errno = 0;
        long long time = std::strtoll(cursor, &end, 10);
        if (end == cursor || errno) fail(where + ": not a frame line");
        cursor = end;
        long count = std::strtol(cursor, &end, 10);
        if (end == cursor || count < 0) fail(where + ": not a frame line");
        cursor = end;
        frame_t frame{time, result.samples.size(), static_cast<size_t>(count)};
        for (long i = 0; i < count; i++) {
            sample_t sample{};
            long long id = std::strtoll(cursor, &end, 10);
            if (end == cursor) fail(where + ": sample " + std::to_string(i + 1) + " has no id");
            cursor = end;
            while (*cursor == ' ') cursor++;
            sample.phase = *cursor;
            if (!std::strchr("bmec", sample.phase) || sample.phase == '\0')
                fail(where + ": sample " + std::to_string(i + 1) + " has no phase b/m/e/c");
            cursor++;
            sample.x = std::strtod(cursor, &end);
            if (end == cursor) fail(where + ": sample " + std::to_string(i + 1) + " has no x");
            cursor = end;
            sample.y = std::strtod(cursor, &end);
            if (end == cursor) fail(where + ": sample " + std::to_string(i + 1) + " has no y");
            cursor = end;
            sample.id = static_cast<int32_t>(id);
            result.samples.push_back(sample);
        }
        while (*cursor == ' ' || *cursor == '\n') cursor++;
        if (*cursor != '\0') fail(where + ": more than COUNT samples");
        result.frames.push_back(frame);
    }
    std::free(line);
    std::fclose(file);
    if (result.frames.empty()) fail(std::string(path) + ": no frames");
    return result;
}

/* What the gestures report: wf-touch calls back on completion and on cancellation. */
struct tally_t {
    long completed = 0;
    long cancelled = 0;
};

using actions_t = std::vector<std::unique_ptr<gesture_action_t>>;

/* Screen and thresholds, in the frames' pixels (1920x1080), durations in milliseconds. */
constexpr double screen_width = 1920, screen_height = 1080, edge = 20;
constexpr double drag_distance = 100, tolerance = 40, tap_tolerance = 10;
constexpr uint32_t down_ms = 150, drag_ms = 500, tap_ms = 300, hold_ms = 500;

std::unique_ptr<touch_action_t> touch(int fingers, bool down, double move_tolerance,
    uint32_t duration, const touch_target_t* target = nullptr) {
    auto action = std::make_unique<touch_action_t>(fingers, down);
    action->set_move_tolerance(move_tolerance);
    action->set_duration(duration);
    if (target) action->set_target(*target);
    return action;
}

std::unique_ptr<gesture_t> gesture(actions_t actions, tally_t& tally) {
    return std::make_unique<gesture_t>(
        std::move(actions), [&tally] { tally.completed++; }, [&tally] { tally.cancelled++; });
}

/* 20 gestures of the kinds a compositor binds: swipes with 3 and 4 fingers in 4 directions,
 * 1-finger swipes in from each edge, 2-finger pinch in and out, rotation both ways, 1- and
 * 2-finger taps, a double tap and a long press. */
std::vector<std::unique_ptr<gesture_t>> make_gestures(tally_t& tally) {
    std::vector<std::unique_ptr<gesture_t>> gestures;
    const uint32_t directions[] = {MOVE_DIRECTION_LEFT, MOVE_DIRECTION_RIGHT, MOVE_DIRECTION_UP,
        MOVE_DIRECTION_DOWN};
    for (int fingers : {3, 4}) {
        for (uint32_t direction : directions) {
            actions_t actions;
            actions.push_back(touch(fingers, true, tolerance, down_ms));
            auto drag = std::make_unique<drag_action_t>(direction, drag_distance);
            drag->set_move_tolerance(tolerance);
            drag->set_duration(drag_ms);
            actions.push_back(std::move(drag));
            gestures.push_back(gesture(std::move(actions), tally));
        }
    }
    const struct {
        touch_target_t area;
        uint32_t direction;
    } edges[] = {
        {{0, 0, edge, screen_height}, MOVE_DIRECTION_RIGHT},
        {{screen_width - edge, 0, edge, screen_height}, MOVE_DIRECTION_LEFT},
        {{0, 0, screen_width, edge}, MOVE_DIRECTION_DOWN},
        {{0, screen_height - edge, screen_width, edge}, MOVE_DIRECTION_UP},
    };
    for (const auto& from : edges) {
        actions_t actions;
        actions.push_back(touch(1, true, tolerance, down_ms, &from.area));
        auto drag = std::make_unique<drag_action_t>(from.direction, drag_distance);
        drag->set_move_tolerance(tolerance);
        drag->set_duration(drag_ms);
        actions.push_back(std::move(drag));
        gestures.push_back(gesture(std::move(actions), tally));
    }
    for (double scale : {0.7, 1.4}) {
        actions_t actions;
        actions.push_back(touch(2, true, tolerance, down_ms));
        auto pinch = std::make_unique<pinch_action_t>(scale);
        pinch->set_move_tolerance(tolerance);
        pinch->set_duration(drag_ms);
        actions.push_back(std::move(pinch));
        gestures.push_back(gesture(std::move(actions), tally));
    }
    for (double angle : {-0.5, 0.5}) {
        actions_t actions;
        actions.push_back(touch(2, true, tolerance, down_ms));
        auto rotate = std::make_unique<rotate_action_t>(angle);
        rotate->set_move_tolerance(tolerance);
        rotate->set_duration(drag_ms);
        actions.push_back(std::move(rotate));
        gestures.push_back(gesture(std::move(actions), tally));
    }
    for (int fingers : {1, 2}) {
        actions_t actions;
        actions.push_back(touch(fingers, true, tap_tolerance, down_ms));
        actions.push_back(touch(fingers, false, tap_tolerance, tap_ms));
        gestures.push_back(gesture(std::move(actions), tally));
    }
    {
        actions_t actions;
        for (int tap = 0; tap < 2; tap++) {
            actions.push_back(touch(1, true, tap_tolerance, tap_ms));
            actions.push_back(touch(1, false, tap_tolerance, tap_ms));
        }
        gestures.push_back(gesture(std::move(actions), tally));
    }
    {
        actions_t actions;
        actions.push_back(touch(1, true, tap_tolerance, down_ms));
        auto hold = std::make_unique<hold_action_t>(hold_ms);
        hold->set_move_tolerance(tap_tolerance);
        actions.push_back(std::move(hold));
        gestures.push_back(gesture(std::move(actions), tally));
    }
    return gestures;
}

int64_t now_ns() {
    timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return int64_t(now.tv_sec) * 1000000000 + now.tv_nsec;
}

/* The embedding: fingers down counted; every event goes to every gesture; the gestures are
 * reset when the first finger of a sequence touches down. */
struct feeder_t {
    std::vector<std::unique_ptr<gesture_t>>& gestures;
    int fingers_down = 0;

    __attribute__((noinline)) void frame(const frames_t& input, const frame_t& frame,
        int64_t offset_us) {
        uint32_t time = uint32_t((frame.time_us + offset_us) / 1000);
        for (size_t i = frame.first; i < frame.first + frame.count; i++) {
            const sample_t& sample = input.samples[i];
            gesture_event_t event;
            event.time = time;
            event.finger = sample.id;
            event.pos = point_t{sample.x, sample.y};
            switch (sample.phase) {
            case 'b':
                event.type = EVENT_TYPE_TOUCH_DOWN;
                fingers_down++;
                break;
            case 'm':
                event.type = EVENT_TYPE_MOTION;
                break;
            default:
                event.type = EVENT_TYPE_TOUCH_UP;
                fingers_down = std::max(0, fingers_down - 1);
                break;
            }
            for (auto& gesture : gestures) {
                if (event.type == EVENT_TYPE_TOUCH_DOWN && fingers_down == 1)
                    gesture->reset(time);
                gesture->update_state(event);
            }
        }
    }
};

} // namespace

int main(int argc, char** argv) {
    const char* path = nullptr;
    long passes = 1;
    bool times = true;
    for (int i = 1; i < argc; i++) {
        std::string arg = argv[i];
        if (arg == "--passes" && i + 1 < argc) {
            char* end = nullptr;
            passes = std::strtol(argv[++i], &end, 10);
            if (*end != '\0' || passes < 1) fail("--passes must be a number >= 1");
        } else if (arg == "--no-times") {
            times = false;
        } else if (arg == "-h" || arg == "--help") {
            std::puts("usage: wf-touch-harness FRAMES [--passes N] [--no-times]");
            return 0;
        } else if (!path && arg[0] != '-') {
            path = argv[i];
        } else {
            fail("unknown argument '" + arg + "' (usage: FRAMES [--passes N] [--no-times])");
        }
    }
    if (!path) fail("no frames file given (usage: FRAMES [--passes N] [--no-times])");

    frames_t input = read_frames(path);
    tally_t tally;
    auto gestures = make_gestures(tally);
    feeder_t feeder{gestures};
    int64_t pass_us = input.frames.back().time_us - input.frames.front().time_us + 1000000;
    std::vector<int64_t> durations;
    if (times) durations.reserve(size_t(passes) * input.frames.size());
    for (long pass = 0; pass < passes; pass++) {
        int64_t offset = pass * pass_us;
        for (const frame_t& frame : input.frames) {
            if (times) {
                int64_t start = now_ns();
                feeder.frame(input, frame, offset);
                durations.push_back(now_ns() - start);
            } else {
                feeder.frame(input, frame, offset);
            }
        }
    }
    std::printf("wf-touch gestures=%zu passes=%ld completed=%ld cancelled=%ld", gestures.size(),
        passes, tally.completed, tally.cancelled);
    if (times) {
        std::sort(durations.begin(), durations.end());
        auto rank = [&](double percent) {
            long index = long(std::ceil(percent / 100 * double(durations.size()))) - 1;
            index = std::min(long(durations.size()) - 1, std::max(0L, index));
            return durations[size_t(index)];
        };
        double sum = 0;
        for (int64_t d : durations) sum += double(d);
        std::printf(" frames=%zu median_ns=%lld p99_ns=%lld mean_ns=%lld", durations.size(),
            (long long)rank(50), (long long)rank(99),
            (long long)std::llround(sum / double(durations.size())));
    }
    std::printf("\n");
    return 0;
}
