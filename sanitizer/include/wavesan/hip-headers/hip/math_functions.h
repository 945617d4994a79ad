//===--- math_functions.h - HIP's device math functions ---===//
///
/// \file
/// For wavesan's CPU emulator, one header provides all of HIP's everyday API:
/// this one includes <hip/hip_runtime.h>.
///
//===----------------------------------------------------------------------===//
#pragma once

#include <hip/hip_runtime.h>
