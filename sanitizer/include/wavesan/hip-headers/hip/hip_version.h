//===--- hip_version.h - HIP_VERSION and its parts ---===//
///
/// \file
/// For wavesan's CPU emulator, one header provides all of HIP's everyday API:
/// this one includes <hip/hip_runtime.h>.
///
//===----------------------------------------------------------------------===//
#pragma once

#include <hip/hip_runtime.h>
