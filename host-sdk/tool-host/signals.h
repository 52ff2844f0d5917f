// SIGINT/SIGTERM as data: the handler only records the signal and writes one byte to a pipe
// (async-signal-safe); threads poll the pipe or check the flag and do the real work (cancel
// the call, destroy the instance) outside the handler.
#ifndef TOOL_HOST_SIGNALS_H_
#define TOOL_HOST_SIGNALS_H_

namespace tool_host {

// Installs the handlers once (later calls do nothing) and ignores SIGPIPE so that a vanished
// reader shows up as a write error. Returns false when the pipe cannot be created.
bool InstallSignalPipe();
// Readable once a signal arrived; -1 before InstallSignalPipe().
int SignalFd();
// The first signal received, 0 when none.
int ReceivedSignal();

}  // namespace tool_host

#endif  // TOOL_HOST_SIGNALS_H_
