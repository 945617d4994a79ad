# --- wavesan-check, the host reference and the diff ---------------
# Backend::Host (OpenBLAS cblas_sgemm, fp64 reductions), check_reduction / check_gemm and their
# reports (wavesan/check.h), GoogleTest macros (wavesan/gtest.h, header-only).
# OpenBLAS from Debian (libopenblas-dev): FindBLAS with BLA_VENDOR OpenBLAS -> BLAS::BLAS.
if(TARGET wavesan-emu)
  set(BLA_VENDOR OpenBLAS)
  find_package(BLAS REQUIRED)
  add_library(wavesan-check STATIC
    ${CMAKE_CURRENT_SOURCE_DIR}/src/check/bulk.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/src/check/host_reference.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/src/check/check_common.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/src/check/check_reduction.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/src/check/check_gemm.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/src/check/check_gemm_diagnose.cpp)
  target_compile_features(wavesan-check PUBLIC cxx_std_20)
  target_include_directories(wavesan-check PRIVATE
    $<BUILD_INTERFACE:${CMAKE_CURRENT_SOURCE_DIR}/src/check>)
  # check_* call referenceReduce/referenceGemm for Backend::Cpu/Hip (wavesan-reference, which
  # links this library back for Backend::Host: a static link cycle CMake repeats).
  target_link_libraries(wavesan-check PUBLIC wavesan-emu wavesan-numeric
    $<TARGET_NAME_IF_EXISTS:wavesan-reference> PRIVATE BLAS::BLAS)
  set_target_properties(wavesan-check PROPERTIES POSITION_INDEPENDENT_CODE ON)
  # bench/check builds and runs this (not built by default).
  add_executable(check_bench EXCLUDE_FROM_ALL ${PROJECT_SOURCE_DIR}/bench/check_bench.cpp)
  target_link_libraries(check_bench PRIVATE wavesan-check BLAS::BLAS)
endif()
# --- end
