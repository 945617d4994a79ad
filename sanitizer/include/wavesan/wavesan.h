//===--- wavesan.h - wavesan's public host API in one include -------------===//
///
/// \file
/// Everything a host program or test calls besides the HIP API, for code that
/// would rather include one header than pick among them. Each part is also a
/// header of its own, and each needs its library at link time (CMake targets of
/// the build tree; `wavesan::<name>` from `find_package(wavesan CONFIG)`):
///
///   wavesan/options.h       run-time options (WAVESAN_OPTIONS), setWaveSize   wavesan-emu
///   wavesan/report.h        reports: kinds, format, counts, suppressions      wavesan-emu
///   wavesan/wave_compare.h  compareWaveSizes: a launch at wave 32 and 64      wavesan-emu
///   wavesan/element_type.h  element types of compared buffers                 (header only)
///   wavesan/numeric.h       FP8 (OCP, FNUZ), bfloat16, fp16 codecs            (header only)
///   wavesan/dtype.h         element types of the reference and the diff       (header only)
///   wavesan/reference.h     reference results of a reduction or GEMM          wavesan-reference
///   wavesan/diff.h          the diff: diff_reduction, diff_gemm               wavesan-diff
///   wavesan/xcd.h           the XCD / L2 model of a tiled GEMM's tile order    wavesan-xcd
///   wavesan/tile_recorder.h a kernel's real tile order, recorded on the emulator wavesan-xcd
///   wavesan/roofline.h      decode and prefill time floors                     wavesan-roofline
///   wavesan/doctor.h        an MI300X node's settings, checked                 wavesan-doctor
///
/// wavesan-roofline and wavesan-doctor are built in the build tree (the
/// `wavesan` command uses them) but not installed: in an installed tree their
/// declarations are here and their definitions are not.
///
/// Not included: <hip/hip_runtime.h> (the emulator, for code built with
/// wavesan-cc; it includes wave_compare.h and options.h itself),
/// wavesan/gtest.h (needs GoogleTest), wavesan/hip_backend.h (library
/// wavesan-hip, built only where libamdhip64 is found) and wavesan/emu/ (the
/// emulator's own headers, reached only through <hip/hip_runtime.h>).
/// docs/wavesan-integration.md, "One header".
///
//===----------------------------------------------------------------------===//
#pragma once

#include "wavesan/options.h"
#include "wavesan/report.h"
#include "wavesan/wave_compare.h"
#include "wavesan/element_type.h"
#include "wavesan/numeric.h"
#include "wavesan/dtype.h"
#include "wavesan/reference.h"
#include "wavesan/diff.h"
#include "wavesan/xcd.h"
#include "wavesan/tile_recorder.h"
#include "wavesan/roofline.h"
#include "wavesan/doctor.h"
