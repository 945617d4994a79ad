//===--- hip_bfloat16.h - ROCm's older hip_bfloat16 name --------------------===//
///
/// \file
/// `hip_bfloat16`, ROCm's older bfloat16 type, for wavesan's CPU emulator: the same
/// type as __hip_bfloat16 (its bits in `data`, implicit conversions from arithmetic
/// types and to float, rounding to nearest even).
///
//===----------------------------------------------------------------------===//
#pragma once

#include <hip/hip_runtime.h>

using hip_bfloat16 = __hip_bfloat16;
