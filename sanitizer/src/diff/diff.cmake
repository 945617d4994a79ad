# --- wavesan-diff, the diff ------------------------------------
# diff_reduction / diff_gemm and their reports (wavesan/diff.h), GoogleTest macros
# (wavesan/gtest.h, header-only). The reference results come from wavesan-reference, which
# this library links (never the reverse); the diagnoses reuse the host backend's decoding,
# sgemm mapping and threaded group reductions (src/reference/host/host_internal.h, bulk.h).
if(TARGET wavesan-reference)
  add_library(wavesan-diff STATIC
    ${CMAKE_CURRENT_LIST_DIR}/diff_common.cpp
    ${CMAKE_CURRENT_LIST_DIR}/diff_reduction.cpp
    ${CMAKE_CURRENT_LIST_DIR}/diff_gemm.cpp
    ${CMAKE_CURRENT_LIST_DIR}/diff_gemm_diagnose.cpp)
  target_compile_features(wavesan-diff PUBLIC cxx_std_20)
  target_include_directories(wavesan-diff PRIVATE
    $<BUILD_INTERFACE:${CMAKE_CURRENT_LIST_DIR}>
    $<BUILD_INTERFACE:${CMAKE_CURRENT_LIST_DIR}/../reference/host>)
  target_link_libraries(wavesan-diff PUBLIC wavesan-reference wavesan-emu wavesan-numeric)
  set_target_properties(wavesan-diff PROPERTIES POSITION_INDEPENDENT_CODE ON)
  # bench/check builds and runs this (not built by default).
  add_executable(check_bench EXCLUDE_FROM_ALL ${PROJECT_SOURCE_DIR}/bench/check_bench.cpp)
  target_link_libraries(check_bench PRIVATE wavesan-diff BLAS::BLAS)
endif()
# --- end
