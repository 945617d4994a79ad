//===--- Fp8Bias.h - hand-written FP8 exponent biases ----------------------===//
///
/// \file
/// Code that encodes or decodes FP8 by hand (a reference encoder in a test,
/// a software fallback) writes the format's exponent bias as a constant.
/// The two FP8 encodings differ exactly there (OCP FP8 Formats for Deep
/// Learning, v1.0, 2023, table 1; AMD CDNA 3 ISA reference, "FP8/BF8"):
///
///   family   OCP bias   FNUZ bias
///   E4M3        7          8
///   E5M2       15         16
///
/// An encoder rebiases an FP32 exponent, `((bits >> 23) & 0xff) - 127`, by
/// adding the FP8 bias, and shifts the result over the mantissa bits (3 for
/// E4M3, 2 for E5M2): `(e + 7) << 3`. A decoder takes the exponent field,
/// `(b >> 3) & 0xf` or `(b >> 2) & 0x1f`, subtracts the FP8 bias and builds
/// an FP32 with `<< 23`. Both shapes are required, with a family that agrees
/// with the constant, so that an unrelated `+ 7` is not a bias. Only device
/// code counts: a host encoder usually writes a storage format (the block
/// scales of a model file) that device code converts itself.
///
//===----------------------------------------------------------------------===//
#ifndef WAVECHECK_CHECKS_FP8BIAS_H
#define WAVECHECK_CHECKS_FP8BIAS_H

#include "checks/Fp8Source.h"
#include "checks/Targets.h"
#include <optional>

namespace clang {
class ASTContext;
class BinaryOperator;
class Expr;
} // namespace clang

namespace wavecheck::fp8 {

/// One hand-written FP8 exponent bias.
struct HandBias {
  const clang::Expr *Constant; ///< the 7, 8, 15 or 16
  Family Fam;
  Fp8Format Format; ///< the encoding whose bias it is
  bool Encoder;     ///< `e32 + bias` (encoder) or `field - bias` (decoder)
};

/// The bias \p BO adds (`exponent + 7`) or removes (`field - 7`), when it is
/// one as described in the file comment; none otherwise.
std::optional<HandBias> handWrittenBias(const clang::BinaryOperator *BO,
                                        clang::ASTContext &Ctx);

} // namespace wavecheck::fp8

#endif
