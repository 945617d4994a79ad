# --- wavesan-reference: the reference results, three backends behind one dispatch ---
# Included from sanitizer/CMakeLists.txt. docs/wavesan-reference.md describes the kernels.
#
#   dispatch.cpp  spec checks, the kernels' arguments, referenceReduce / referenceGemm
#                 handing each call to its backend (wavesan/reference.h)
#   kernels/      the reference kernels, written once in HIP (kernels.hip and its headers)
#   emulator/     Backend::Cpu: kernels.hip compiled here as C++20 against the emulator
#                 headers and launched on wavesan's CPU emulator
#   host/         Backend::Host: OpenBLAS cblas_sgemm and fp64 reductions; its decoding,
#                 sgemm mapping and threaded group reductions (host_internal.h, bulk.h)
#                 are reused by the diff (sanitizer/src/diff/), which links this library
#   hip/          Backend::Hip: kernels.hip's gfx942 code object on a real AMD GPU through
#                 libamdhip64 (hip/hip.cmake; left out when libamdhip64 is not found)
#
# This library depends on no other wavesan library but the emulator and the codecs: the
# diff links it, never the reverse. The XCD remap header of the kernels comes from
# checker/include.
if(TARGET wavesan-emu)
  # OpenBLAS from Debian (libopenblas-dev): FindBLAS with BLA_VENDOR OpenBLAS -> BLAS::BLAS.
  set(BLA_VENDOR OpenBLAS)
  find_package(BLAS REQUIRED)
  # Backend::Hip: OBJECT library wavesan-reference-hip, when libamdhip64 is found.
  include(${CMAKE_CURRENT_LIST_DIR}/hip/hip.cmake)

  # wavesan_reference_library(<target> [SOFT_MFMA]): the kernels, the backends, the dispatch.
  # SOFT_MFMA (tests only): the gfx942 MFMA path run on the emulator through a software
  # MFMA (WAVESAN_REFERENCE_SOFT_MFMA); such a copy has Backend::Cpu only.
  function(wavesan_reference_library name)
    set(_dir ${CMAKE_CURRENT_FUNCTION_LIST_DIR})
    # Source properties are per directory: set LANGUAGE where the target is made.
    set_source_files_properties(${_dir}/kernels/kernels.hip PROPERTIES LANGUAGE CXX)
    add_library(${name} STATIC ${_dir}/kernels/kernels.hip ${_dir}/emulator/cpu_backend.cpp
                               ${_dir}/dispatch.cpp)
    target_compile_features(${name} PUBLIC cxx_std_20)
    target_include_directories(${name} PRIVATE
      $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/checker/include>)
    target_link_libraries(${name} PUBLIC wavesan-emu wavesan-numeric)
    set_target_properties(${name} PROPERTIES POSITION_INDEPENDENT_CODE ON)
    if("SOFT_MFMA" IN_LIST ARGN)
      target_compile_definitions(${name} PRIVATE WAVESAN_REFERENCE_SOFT_MFMA=1)
      return()
    endif()
    # The dispatch calls the backends this library holds (WAVESAN_HAVE_*; without one,
    # asking for it throws).
    target_sources(${name} PRIVATE ${_dir}/host/host_reference.cpp ${_dir}/host/bulk.cpp)
    target_link_libraries(${name} PRIVATE BLAS::BLAS)
    target_compile_definitions(${name} PRIVATE WAVESAN_HAVE_HOST_REFERENCE=1)
    if(TARGET wavesan-reference-hip)
      target_sources(${name} PRIVATE $<TARGET_OBJECTS:wavesan-reference-hip>)
      target_link_libraries(${name} PUBLIC ${WAVESAN_AMDHIP64_LIBRARY})
      target_compile_definitions(${name} PRIVATE WAVESAN_HAVE_HIP_BACKEND=1)
    endif()
  endfunction()
  wavesan_reference_library(wavesan-reference)
endif()
# --- end
