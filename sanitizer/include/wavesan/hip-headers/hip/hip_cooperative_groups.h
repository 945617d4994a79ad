//===--- hip_cooperative_groups.h - namespace cooperative_groups -----------===//
///
/// \file
/// HIP's cooperative groups for wavesan's CPU emulator: thread blocks, tiles
/// built on the wave operations, coalesced groups and grid groups
/// (wavesan/emu/cooperative_groups.h); cooperative launches are in
/// <hip/hip_runtime.h> (hipLaunchCooperativeKernel, wavesan/emu/grid_sync.h).
///
//===----------------------------------------------------------------------===//
#pragma once

#include <hip/hip_runtime.h>

#define WAVESAN_EMU_INSIDE_HIP_RUNTIME 1
#include "wavesan/emu/cooperative_groups.h"
#undef WAVESAN_EMU_INSIDE_HIP_RUNTIME
