//===--- Fp8Bias.cpp - hand-written FP8 exponent biases --------------------===//

#include "checks/Fp8Bias.h"
#include "checks/NodeContext.h"
#include "checks/WaveMatchers.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"

using namespace clang;

namespace wavecheck::fp8 {
namespace {

/// Levels of local variables followed back to their initialisers.
constexpr unsigned MaxFollow = 3;

/// True when \p E, or the initialiser of a local it reads (followed
/// MaxFollow levels), holds a binary operator \p Op whose right operand is
/// the constant \p Value.
bool holds(const Stmt *E, BinaryOperatorKind Op, int64_t Value, ASTContext &Ctx,
           unsigned Depth = MaxFollow) {
  bool Found = false;
  forEachStmt(E, [&](const Stmt *S) {
    if (Found)
      return;
    if (const auto *BO = dyn_cast<BinaryOperator>(S)) {
      Found = BO->getOpcode() == Op && constantValue(BO->getRHS(), Ctx) == Value;
    } else if (const auto *DRE = dyn_cast<DeclRefExpr>(S); DRE && Depth) {
      const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
      if (V && V->isLocalVarDecl() && V->getInit())
        Found = holds(V->getInit(), Op, Value, Ctx, Depth - 1);
    }
  });
  return Found;
}

/// The body of the device function (or lambda in one) holding \p S. Host
/// code is left alone: a host encoder usually writes a storage format (a
/// model file's block scales) that the device converts on its own.
const Stmt *bodyOf(const Stmt *S, ASTContext &Ctx) {
  const FunctionDecl *F = enclosingDeviceFunction(S, Ctx);
  return F ? F->getBody() : nullptr;
}

/// True when \p Body shifts \p V (a variable) left by \p Bits:
/// `v << 3`, `(uint8_t)v << 3`.
bool shiftsLeft(const Stmt *Body, const VarDecl *V, int64_t Bits, ASTContext &Ctx) {
  bool Found = false;
  forEachStmt(Body, [&](const Stmt *S) {
    const auto *BO = dyn_cast<BinaryOperator>(S);
    if (Found || !BO || BO->getOpcode() != BO_Shl ||
        constantValue(BO->getRHS(), Ctx) != Bits)
      return;
    const auto *DRE = dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParenCasts());
    Found = DRE && DRE->getDecl() == V;
  });
  return Found;
}

/// The variable \p E initialises, through parentheses and casts.
const VarDecl *initialised(const Expr *E, ASTContext &Ctx) {
  DynTypedNode N = DynTypedNode::create(*E);
  for (unsigned I = 0; I < 8; ++I) {
    DynTypedNodeList Ps = Ctx.getParents(N);
    if (Ps.empty())
      return nullptr;
    if (const auto *V = Ps[0].get<VarDecl>())
      return V;
    if (!isa_and_nonnull<ParenExpr, CastExpr>(Ps[0].get<Stmt>()))
      return nullptr;
    N = Ps[0];
  }
  return nullptr;
}

} // namespace

std::optional<HandBias> handWrittenBias(const BinaryOperator *BO, ASTContext &Ctx) {
  if (BO->getOpcode() != BO_Add && BO->getOpcode() != BO_Sub)
    return std::nullopt;
  const Expr *C = BO->getRHS(), *X = BO->getLHS();
  if (BO->getOpcode() == BO_Add && !constantValue(C, Ctx))
    std::swap(C, X);
  std::optional<int64_t> Bias = constantValue(C, Ctx);
  if (!Bias || !isa<IntegerLiteral>(C->IgnoreParenImpCasts()))
    return std::nullopt;
  Family Fam;
  Fp8Format Format;
  switch (*Bias) {
  case 7: Fam = Family::E4M3, Format = Fp8Format::OCP; break;
  case 8: Fam = Family::E4M3, Format = Fp8Format::FNUZ; break;
  case 15: Fam = Family::E5M2, Format = Fp8Format::OCP; break;
  case 16: Fam = Family::E5M2, Format = Fp8Format::FNUZ; break;
  default: return std::nullopt;
  }
  int64_t Mantissa = Fam == Family::E4M3 ? 3 : 2;
  const Stmt *Body = bodyOf(BO, Ctx);
  if (!Body)
    return std::nullopt;
  if (BO->getOpcode() == BO_Add) {
    // Encoder: an FP32 exponent plus the bias, kept in a variable that is
    // shifted over the mantissa bits.
    if (!holds(X, BO_Shr, 23, Ctx))
      return std::nullopt;
    const VarDecl *V = initialised(BO, Ctx);
    if (!V || !shiftsLeft(Body, V, Mantissa, Ctx))
      return std::nullopt;
    return HandBias{C, Fam, Format, true};
  }
  // Decoder: the exponent field minus the bias, in a function that builds
  // an FP32 from it.
  int64_t FieldMask = Fam == Family::E4M3 ? 0xf : 0x1f;
  if (!holds(X, BO_Shr, Mantissa, Ctx) || !holds(X, BO_And, FieldMask, Ctx) ||
      !holds(Body, BO_Shl, 23, Ctx, 0))
    return std::nullopt;
  return HandBias{C, Fam, Format, false};
}

} // namespace wavecheck::fp8
