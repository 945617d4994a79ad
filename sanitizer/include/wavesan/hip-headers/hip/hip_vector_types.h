//===--- hip_vector_types.h - HIP's vector types (float4, int2 ...) ---===//
///
/// \file
/// For wavesan's CPU emulator, one header provides all of HIP's everyday API:
/// this one includes <hip/hip_runtime.h>.
///
//===----------------------------------------------------------------------===//
#pragma once

#include <hip/hip_runtime.h>
