# The SDK as a CMake package, from a clean install (run by ctest as sdk_package_consumer):
#   1. cmake --install BUILD_DIR --prefix WORK_DIR/prefix
#   2. configure and build host-sdk/examples/consumer against that prefix only
#      (find_package(agent_tool CONFIG REQUIRED))
#   3. run the consumer on the installed plugin, and the installed tool-host with its default
#      plugin, and compare their output with what is expected.
# Variables: BUILD_DIR, CONSUMER_DIR, WORK_DIR, GENERATOR, VERSION, FLAGS (compile and link
# flags of the build, e.g. sanitizers), LAUNCHER (compiler launcher, may be empty).
cmake_minimum_required(VERSION 3.25)

function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE status OUTPUT_VARIABLE out
                  ERROR_VARIABLE err)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "failed (${status}): ${ARGN}\n${out}\n${err}")
  endif()
  set(out "${out}" PARENT_SCOPE)
endfunction()

function(expect actual expected what)
  if(NOT actual STREQUAL expected)
    message(FATAL_ERROR "${what}:\n  expected: [${expected}]\n  actual:   [${actual}]")
  endif()
endfunction()

set(prefix ${WORK_DIR}/prefix)
file(REMOVE_RECURSE ${WORK_DIR})

run(${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix})
foreach(file include/agent_tool/plugin.h include/agent_tool/loader.h bin/tool-host
             lib/libfirefox_bidi.so)
  if(NOT EXISTS ${prefix}/${file})
    message(FATAL_ERROR "not installed: ${prefix}/${file}")
  endif()
endforeach()

# Only the prefix (and the system) can satisfy find_package: no path into the build tree.
run(${CMAKE_COMMAND} -S ${CONSUMER_DIR} -B ${WORK_DIR}/consumer -G ${GENERATOR}
    -DCMAKE_PREFIX_PATH=${prefix} -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF
    "-DCMAKE_CXX_FLAGS=${FLAGS}" "-DCMAKE_EXE_LINKER_FLAGS=${FLAGS}"
    "-DCMAKE_CXX_COMPILER_LAUNCHER=${LAUNCHER}")
run(${CMAKE_COMMAND} --build ${WORK_DIR}/consumer)

run(${WORK_DIR}/consumer/consumer ${prefix}/lib/libfirefox_bidi.so)
expect("${out}"
       "firefox_bidi ${VERSION} \"Firefox (WebDriver BiDi)\" ABI 2.2\ninvoke {\"frames\":[]}: refused (invalid_arguments)\n"
       "consumer output")

# The installed tool-host finds the installed plugin by default (bin/../lib).
run(${prefix}/bin/tool-host describe)
string(JSON name GET "${out}" name)
expect("${name}" "firefox_bidi" "tool-host describe name")

file(REMOVE_RECURSE ${WORK_DIR})
