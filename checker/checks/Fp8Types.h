//===--- Fp8Types.h - the FP8 type of a C++ type ---------------------------===//
///
/// \file
/// For fp8-format-target-mismatch: the FP8 class a type holds or points at,
/// and the FP8 type an explicit specialization is keyed by. Internal to the
/// check; defined in Fp8FormatTargetMismatchCheck.cpp.
///
//===----------------------------------------------------------------------===//
#ifndef WAVECHECK_CHECKS_FP8TYPES_H
#define WAVECHECK_CHECKS_FP8TYPES_H

#include "checks/Fp8Source.h"

#include "clang/AST/DeclBase.h"
#include "clang/AST/Type.h"

namespace wavecheck::fp8::detail {

/// The FP8 spelling of the element type of \p T (through references,
/// pointers, arrays and typedefs): a HIP, CUDA or PyTorch FP8 class.
const Spelling *fp8TypeOf(clang::QualType T);

/// The FP8 type an explicit specialization of a class template is keyed by
/// (`template <> struct limits<__hip_fp8_e4m3_fnuz>`): the bounds it holds
/// are that type's, whatever the target.
const Spelling *specializationKey(const clang::DeclContext *DC);

} // namespace wavecheck::fp8::detail

#endif
