//===--- hip_fp16.h - __half, __half2 and their functions ------------------===//
///
/// \file
/// HIP's binary16 types for wavesan's CPU emulator (wavesan/emu/half.h,
/// half_math.h; <hip/hip_runtime.h> already declares the `__`-prefixed names),
/// plus ROCm's short names `half` and `half2`.
///
//===----------------------------------------------------------------------===//
#pragma once

#include <hip/hip_runtime.h>

using half = __half;
using half2 = __half2;
