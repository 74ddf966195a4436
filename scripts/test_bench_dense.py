#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Tests of scripts/bench_dense.py (the dense peer row's figures and rows):

    python3 -m unittest discover -s scripts -p 'test_bench_dense.py'
"""
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench_dense  # noqa: E402

ANNOTATE = """\
--------------------------------------------------------------------------------
Ir                   file:function
--------------------------------------------------------------------------------
151,450,194 (100.0%)  ???:$s18BenchmarkWorkloads13PeerEngineRunC10runByClass_6passes
 64,068,457 (42.30%)  ???:$s18BenchmarkWorkloads13PeerEngineRunC12landingFrame33_992BLLyy [x]
 57,245,034 (37.80%)  ???:$s18BenchmarkWorkloads13PeerEngineRunC11movingFrame33_992BLLyy [x]
 28,474,359 (18.80%)  ???:$s18BenchmarkWorkloads13PeerEngineRunC12liftingFrame33_992BLLyy [x]
  1,662,344 ( 1.10%)  ???:$s18BenchmarkWorkloads13PeerEngineRunC9idleFrame33_992BLLyy [x]
"""

COUNTS = "recordings=1 sequences=600 frames=9932 samples=15467 landing=1295 lifting=1295 " \
    "moving=7137 idle=205"
ENGINE = "engine scene=default recognizers=12 passes=5 recognized=3625 reports=23245 " \
    "frames=49660 median_ns=781 p99_ns=6329 mean_ns=1540"
WF_TOUCH = "wf-touch gestures=20 passes=5 completed=2305 cancelled=65500 frames=49660 " \
    "median_ns=651 p99_ns=2313 mean_ns=1200"
CLASS_FRAMES = "engine scene=default recognizers=12 passes=1 recognized=725 reports=4649 " \
    "landing=1295 lifting=1295 moving=7137 idle=205"


class BenchDenseTests(unittest.TestCase):
    def summary(self, engine=ENGINE, wf_touch=WF_TOUCH):
        return bench_dense.summarize(
            bench_dense.fields(COUNTS), bench_dense.fields(engine),
            bench_dense.fields(wf_touch), 151_450_000, 75_375_350,
            bench_dense.inclusive_by_class(ANNOTATE), bench_dense.fields(CLASS_FRAMES))

    def test_fields_reads_integer_fields(self):
        self.assertEqual(bench_dense.fields("a=1 b=-2 name=x c=30")["c"], 30)
        self.assertEqual(bench_dense.fields("a=1 b=-2")["b"], -2)

    def test_inclusive_by_class_reads_each_class_once(self):
        self.assertEqual(bench_dense.inclusive_by_class(ANNOTATE), {
            "landing": 64_068_457, "moving": 57_245_034, "lifting": 28_474_359,
            "idle": 1_662_344})

    def test_inclusive_by_class_requires_every_class(self):
        with self.assertRaises(SystemExit):
            bench_dense.inclusive_by_class(ANNOTATE.replace("idleFrame", "otherFrame"))

    def test_callgrind_total_reads_the_summary(self):
        with tempfile.NamedTemporaryFile("w", suffix=".out", delete=False) as f:
            f.write("version: 1\ncmd: x\nevents: Ir\nsummary: 12345\ntotals: 12345\n")
        try:
            self.assertEqual(bench_dense.callgrind_total(f.name), 12345)
        finally:
            os.unlink(f.name)

    def test_summary_figures(self):
        summary = self.summary()
        self.assertAlmostEqual(summary["land_or_lift_share"], 2590 / 9932)
        self.assertAlmostEqual(summary["median_ratio"], 781 / 651)
        self.assertAlmostEqual(summary["p99_ratio"], 6329 / 2313)
        self.assertAlmostEqual(summary["engine"]["instructions_per_frame"], 151_450_000 / 9932)
        self.assertAlmostEqual(summary["instructions_ratio"], 151_450_000 / 75_375_350)
        self.assertAlmostEqual(summary["engine_instructions_by_class"]["landing"],
                               64_068_457 / 1295)
        self.assertAlmostEqual(summary["engine_instructions_by_class"]["idle"], 1_662_344 / 205)

    def test_rows_judge_median_and_p99(self):
        rows = bench_dense.rows(self.summary(), "0.7.4-3")
        self.assertEqual(len(rows), 3)
        self.assertIs(rows[0][4], False)  # p99 2.7x
        self.assertEqual(rows[0][3], "1.20x, 2.74x")
        self.assertIn("26% of the frames land or lift", rows[0][0])
        self.assertIsNone(rows[1][4])
        self.assertEqual(rows[2][1], "49,474 / 21,988 / 8,021 / 8,109")
        fast = ENGINE.replace("median_ns=781", "median_ns=650").replace(
            "p99_ns=6329", "p99_ns=3469")
        rows = bench_dense.rows(self.summary(engine=fast), "0.7.4-3")
        self.assertIs(rows[0][4], True)
        slow_median = ENGINE.replace("median_ns=781", "median_ns=652").replace(
            "p99_ns=6329", "p99_ns=2000")
        self.assertIs(bench_dense.rows(self.summary(engine=slow_median), "x")[0][4], False)


if __name__ == "__main__":
    unittest.main()
