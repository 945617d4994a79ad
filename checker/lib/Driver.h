//===--- Driver.h - the wavecheck driver library, all of it ----------------===//
///
/// \file
/// The driver's public interface by concept: the options of a run
/// (lib/Options.h), what a run produces (lib/RunResult.h), the analysis
/// (lib/Analysis.h), the reports (lib/Output.h) and the fix-its
/// (lib/Fixes.h). Include the one you need; this header includes them all.
///
//===----------------------------------------------------------------------===//
#ifndef WAVECHECK_LIB_DRIVER_H
#define WAVECHECK_LIB_DRIVER_H

#include "lib/Analysis.h"
#include "lib/Fixes.h"
#include "lib/Options.h"
#include "lib/Output.h"
#include "lib/RunResult.h"

#endif
