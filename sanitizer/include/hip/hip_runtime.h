//===--- hip_runtime.h - wavesan's CPU emulator of the HIP runtime ---------===//
///
/// \file
/// What user code includes: `#include <hip/hip_runtime.h>` resolves here when a
/// HIP source is built for wavesan's CPU backend (wavesan-cc, or
/// `-I sanitizer/include` with C++20 and the wavesan-emu library). Kernels run
/// on the CPU SIMT emulator: one fiber per thread, wavefronts of 64 lanes (32
/// with WAVESAN_OPTIONS=wave_size=32 or wavesan::setWaveSize(32)), blocks spread
/// over worker threads, with run-time wave checks (docs/wavesan-emulator.md).
///
/// The private headers under wavesan/emu/ hold one concept each and cannot be
/// included directly. The emulator's other <hip/...> headers (hip_fp16.h,
/// hip_bf16.h, hip_cooperative_groups.h, hip_runtime_api.h ...) are in
/// wavesan/hip-headers/ (on wavesan-cc's path; elsewhere add
/// `-isystem sanitizer/include/wavesan/hip-headers`); the headers it does not provide are named by an #error from
/// wavesan/unsupported/ (wavesan-cc).
///
/// The `kernel<<<grid, block>>>(args)` launch syntax, which a host compiler cannot
/// parse, works through wavesan-cc, which rewrites it into a call of
/// wavesan::emu::detail::chevron (wavesan/emu/launch.h); elsewhere use
/// hipLaunchKernelGGL(kernel, grid, block, shmem, stream, args...).
/// `extern __shared__` arrays do not link: use HIP_DYNAMIC_SHARED.
///
//===----------------------------------------------------------------------===//
#pragma once

#if __cplusplus < 202002L
#error "wavesan's emulator headers need C++20 (-std=c++20; wavesan-cc passes it)"
#endif

#define WAVESAN_EMU_INSIDE_HIP_RUNTIME 1
#include "wavesan/emu/qualifiers.h"
#include "wavesan/emu/vector_types.h"
#include "wavesan/emu/coordinates.h"
#include "wavesan/emu/lane_mask.h"
#include "wavesan/emu/wave_ops.h"
#include "wavesan/emu/half.h"
#include "wavesan/emu/half_math.h"
#include "wavesan/emu/sync.h"
#include "wavesan/emu/atomics.h"
#include "wavesan/emu/bit_ops.h"
#include "wavesan/emu/device_math.h"
#include "wavesan/emu/host_api.h"
#include "wavesan/emu/device_query.h"
#include "wavesan/emu/memory_extra.h"
#include "wavesan/emu/module_api.h"
#include "wavesan/emu/launch.h"
#include "wavesan/emu/grid_sync.h"
#include "wavesan/emu/control.h"
#undef WAVESAN_EMU_INSIDE_HIP_RUNTIME
#include "wavesan/wave_compare.h" // wavesan::compareWaveSizes

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <thread> // as ROCm's hip_runtime.h
