//===--- hip_bf16.h - __hip_bfloat16, __hip_bfloat162 and their functions --===//
///
/// \file
/// HIP's bfloat16 types for wavesan's CPU emulator (wavesan/emu/half.h,
/// half_math.h; <hip/hip_runtime.h> already declares them).
///
//===----------------------------------------------------------------------===//
#pragma once

#include <hip/hip_runtime.h>
