/*
 * agent_tool/plugin.h -- the host SDK's C ABI, version 2.
 *
 * A plugin is a shared library that exports exactly one symbol, `agent_tool_plugin_v1`, a
 * function returning a pointer to a static descriptor. The descriptor names the tool, carries
 * its JSON Schema and the function pointers a host calls. Hosts (agent runtimes, `tool-host`)
 * dlopen the library, call the entry point, check `abi_major` and `struct_size`, then create
 * instances and invoke them.
 *
 * Naming: `agent_tool_*_fn` members are implemented by the PLUGIN and called by the host;
 * `*_callback` members of `agent_tool_host_services` are implemented by the HOST and called by
 * the plugin.
 *
 * Versioning: `abi_major` changes only when an existing field changes meaning or layout; a host
 * refuses a descriptor whose major differs from AGENT_TOOL_ABI_MAJOR. New fields are only ever
 * appended, with `abi_minor` raised; a host reads an appended field only when `struct_size`
 * covers it. The same rule holds for `agent_tool_host_services`.
 *
 * Strings: every `const char*` is UTF-8. Lengths, where given, are byte counts and the string
 * need not be NUL-terminated; strings without a length are NUL-terminated.
 *
 * Errors: no C++ exception and no C++ type ever crosses this boundary. Every failure comes back
 * as a status plus a message owned by the returned result.
 *
 * This header is C99 and includes only standard headers.
 */
#ifndef AGENT_TOOL_PLUGIN_H_
#define AGENT_TOOL_PLUGIN_H_

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define AGENT_TOOL_ABI_MAJOR 2u
#define AGENT_TOOL_ABI_MINOR 2u

/* The name of the single exported entry symbol. It keeps its name across ABI majors: the
 * descriptor's `abi_major` says which ABI a plugin speaks.
 *
 * ABI 2 (from ABI 1): `agent_tool_result` starts with `struct_size` and carries content parts;
 * the descriptor gains `title` and `plugin_name`; `agent_tool_host_services` gains `hints`.
 * A host of ABI 2 refuses ABI 1 plugins. */
#define AGENT_TOOL_ENTRY_SYMBOL "agent_tool_plugin_v1"

/* Outcome of create and invoke. */
typedef enum agent_tool_status {
  /* The tool ran. For invoke, `json` holds the tool result (per-frame failures are inside it). */
  AGENT_TOOL_STATUS_OK = 0,
  /* The tool refused the call before doing anything: malformed arguments or config. `json`
   * holds {"error":{"kind","message","at"}} (`at` a JSON Pointer into the input, when known). */
  AGENT_TOOL_STATUS_REFUSED = 1,
  /* The tool could not run (browser could not start, spool directory unusable...). `json` holds
   * {"error":{"kind","message"}}. */
  AGENT_TOOL_STATUS_FAILED = 2
} agent_tool_status;

/* Log levels passed to `log_callback`. */
typedef enum agent_tool_log_level {
  AGENT_TOOL_LOG_DEBUG = 0,
  AGENT_TOOL_LOG_INFO = 1,
  AGENT_TOOL_LOG_WARNING = 2,
  AGENT_TOOL_LOG_ERROR = 3
} agent_tool_log_level;

/* What a HOST says about itself at create time (`agent_tool_host_services.hints`, a bitwise OR).
 * A plugin ignores bits it does not know. */
typedef enum agent_tool_host_hint {
  /* The host keeps the instance for many calls and wants it ready before the first one (an
   * MCP server that an agent starts up front). A plugin may then start its expensive resources
   * at create time instead of on the first invoke; it still honours explicit config. */
  AGENT_TOOL_HOST_HINT_LONG_LIVED = 1
} agent_tool_host_hint;

/* Services the HOST offers to the plugin, passed at create time.
 * OWNERSHIP: owned by the host; the table and `host_context` must stay valid until
 * `destroy_instance` returns. The plugin copies nothing out of it but the pointers.
 * Every callback may be NULL (the plugin then skips it). Callbacks may be called from any
 * plugin thread, but never concurrently for one instance. Strings passed to callbacks are
 * valid only for the duration of the call. */
typedef struct agent_tool_host_services {
  /* sizeof(agent_tool_host_services) as the host compiled it. */
  uint32_t struct_size;
  /* Opaque to the plugin; passed back as the first argument of every callback. */
  void* host_context;
  /* A log line (no trailing newline) of `message_len` bytes. */
  void (*log_callback)(void* host_context, agent_tool_log_level level, const char* message,
                       size_t message_len);
  /* Progress of the invocation started with `call_context`: `done` of `total` steps
   * (frames) finished; `message` says which (e.g. "frame 2 browsingContext.navigate"). */
  void (*progress_callback)(void* host_context, void* call_context, uint64_t done, uint64_t total,
                            const char* message, size_t message_len);
  /* Since ABI 2.0. A bitwise OR of agent_tool_host_hint values (0 for none), read by the
   * plugin during create_instance only. */
  uint64_t hints;
} agent_tool_host_services;

/* Kinds of content parts (MCP-shaped). A host skips a part whose kind it does not know: later
 * minor versions may add kinds. */
typedef enum agent_tool_content_kind {
  /* Text to show as is: `text`, `text_len`. */
  AGENT_TOOL_CONTENT_TEXT = 0,
  /* An image: `mime` (e.g. "image/png") and either its bytes (`data`, `data_len`) or the
   * absolute `path` of a file holding them (exactly one of the two). */
  AGENT_TOOL_CONTENT_IMAGE = 1,
  /* A link to a resource the host may fetch or offer: `uri` (e.g. "file:///abs/path"), `name`
   * (a short display name, e.g. the file name) and `mime` (NULL when unknown). */
  AGENT_TOOL_CONTENT_RESOURCE_LINK = 2
} agent_tool_content_kind;

/* One content part of a result: something a host can show a user or a model without
 * understanding the tool's JSON (an MCP host turns each into one `content` item).
 * Members a kind does not use are NULL / 0. Strings without a length are NUL-terminated.
 * OWNERSHIP: allocated by the plugin as part of the result that points to it; lives exactly as
 * long as that result (released by `free_result`). The host only reads it.
 * THREADS: immutable; read it from any thread until the result is freed. */
typedef struct agent_tool_content_part {
  /* sizeof(agent_tool_content_part) as the plugin compiled it: a host reads a member only when
   * `struct_size` covers it. */
  uint32_t struct_size;
  /* An agent_tool_content_kind, held as a fixed-width integer: a later minor version may add
   * kinds, and a host must be able to read (and skip) a value its enum does not name. */
  uint32_t kind;
  /* TEXT: the text, `text_len` bytes (also NUL-terminated). */
  const char* text;
  size_t text_len;
  /* IMAGE (required), RESOURCE_LINK (optional): the media type, e.g. "image/png". */
  const char* mime;
  /* IMAGE: the image's bytes, `data_len` of them, or NULL when `path` is given. */
  const uint8_t* data;
  size_t data_len;
  /* IMAGE: the absolute path of the image file, or NULL when `data` is given. The file is the
   * plugin's (e.g. a spool file) and exists when the result is returned. */
  const char* path;
  /* RESOURCE_LINK: the resource's URI (required) and its display name (required). */
  const char* uri;
  const char* name;
} agent_tool_content_part;

/* A result of create or invoke.
 * OWNERSHIP: allocated by the plugin, released only with the descriptor's `free_result`;
 * `json`, `message`, `parts` and everything they point to live as long as the result.
 * THREADS: immutable once returned; the host may read it from any thread and free it from any
 * thread, once. */
typedef struct agent_tool_result {
  /* sizeof(agent_tool_result) as the plugin compiled it: a host reads a member only when
   * `struct_size` covers it. First in every ABI 2 version, so it is safe to read at once. */
  uint32_t struct_size;
  /* An agent_tool_status, held as a fixed-width integer like a part's `kind`: the size of a C
   * enum is the compiler's choice, this member's is not. Same size and offset as the enum it
   * replaces on every platform the ABI names (4 bytes at offset 4). */
  uint32_t status;
  /* The result document (see agent_tool_status); never NULL, `json_len` bytes, also
   * NUL-terminated for convenience. */
  const char* json;
  size_t json_len;
  /* A one-line human-readable summary: "" on OK, the error message otherwise. Never NULL. */
  const char* message;
  /* Content parts to show besides `json`, in order: `part_count` pointers to parts (`parts` is
   * NULL when `part_count` is 0). Each part is its own struct so that a part can grow by its
   * own `struct_size`. A host that shows content shows `json` as text first, then the parts.
   * Results of create and refusals carry none. */
  const agent_tool_content_part* const* parts;
  size_t part_count;
} agent_tool_result;

/* An instance of the tool (for firefox_bidi: one browser session, a spool directory and a
 * label cache). Opaque to the host. */
typedef struct agent_tool_instance agent_tool_instance;

/* Creates an instance from a config JSON object (`config_len` bytes; "" or "{}" for the
 * defaults). On success stores the instance in `*out_instance` and returns a result with
 * status OK; otherwise `*out_instance` is NULL and the result says why.
 * OWNERSHIP: the returned result is the caller's (free_result); the instance is the caller's
 * (destroy_instance). `services` may be NULL; otherwise see agent_tool_host_services.
 * THREADS: may be called from any thread, concurrently for different instances. */
typedef agent_tool_result* (*agent_tool_create_instance_fn)(
    const char* config_json, size_t config_len, const agent_tool_host_services* services,
    agent_tool_instance** out_instance);

/* Runs one tool call with an arguments JSON object (`args_len` bytes). Blocks until the call is
 * finished, refused or cancelled. `call_context` is opaque to the plugin: it is passed back to
 * `progress_callback` and names the call to `cancel_call`. Never returns NULL.
 * OWNERSHIP: the returned result is the caller's (free_result); the arguments are only read
 * during the call.
 * THREADS: since ABI 2.2, invoke may be called from several threads at once on one instance;
 * the plugin orders the calls (firefox_bidi: calls of one handle, see handle_argument, wait
 * for their turn and run one at a time in the order they came; calls of different handles run
 * at the same time). Before 2.2, a second concurrent invoke was refused at once (status
 * REFUSED, kind "busy"). */
typedef agent_tool_result* (*agent_tool_invoke_fn)(agent_tool_instance* instance,
                                                   const char* args_json, size_t args_len,
                                                   void* call_context);

/* Asks every invocation on `instance`, running or waiting for its turn, to stop as soon as
 * possible; each invoke then returns the partial result (the frame in flight as error
 * "cancelled", later frames skipped; a call that had not started yet: its first frame
 * "cancelled", nothing sent). A no-op when there is none.
 * THREADS: safe to call from any thread, concurrently with invoke. */
typedef void (*agent_tool_cancel_fn)(agent_tool_instance* instance);

/* Since ABI 2.2. As cancel, for the invocation started with `call_context` only (every one,
 * should a host give several the same context), from the moment invoke is entered (while it
 * reads its arguments too); a no-op when it has ended or invoke has not been entered yet.
 * THREADS: as cancel. */
typedef void (*agent_tool_cancel_call_fn)(agent_tool_instance* instance, void* call_context);

/* Releases a result from create or invoke. NULL is allowed. THREADS: any thread. */
typedef void (*agent_tool_free_result_fn)(agent_tool_result* result);

/* Ends the instance: closes the browser session and removes what the instance owns but its
 * spool files. The host must not call it while an invoke or release_handle on the instance is
 * running or waiting (cancel and wait for them first). NULL is allowed. */
typedef void (*agent_tool_destroy_instance_fn)(agent_tool_instance* instance);

/* Since ABI 2.1. The caller named `handle` (a value of the descriptor's `handle_argument`) is
 * gone, e.g. its MCP session ended: the instance frees what it kept for it (for firefox_bidi,
 * the agent's user context, tabs and state). Unknown handles are ignored.
 * THREADS: like invoke (since 2.2 also concurrently with invokes: it takes its turn after the
 * calls of that handle that came before it, and no cancel stops it). */
typedef void (*agent_tool_release_handle_fn)(agent_tool_instance* instance, const char* handle,
                                             size_t handle_len);

/* The descriptor returned by the entry point.
 * OWNERSHIP: static storage in the plugin, valid while the library stays loaded. */
typedef struct agent_tool_plugin_descriptor {
  uint32_t abi_major;       /* AGENT_TOOL_ABI_MAJOR as the plugin was built */
  uint32_t abi_minor;       /* AGENT_TOOL_ABI_MINOR as the plugin was built */
  uint32_t struct_size;     /* sizeof(agent_tool_plugin_descriptor) as the plugin was built */
  const char* name;         /* tool name, e.g. "firefox_bidi" */
  const char* version;      /* plugin version, e.g. "0.1.0" */
  const char* description;  /* description written for a model */
  const char* input_schema; /* JSON Schema (a JSON object) of the invoke arguments */
  agent_tool_create_instance_fn create_instance;
  agent_tool_invoke_fn invoke;
  agent_tool_cancel_fn cancel;
  agent_tool_free_result_fn free_result;
  agent_tool_destroy_instance_fn destroy_instance;
  /* Since ABI 2.0. */
  const char* title;       /* a short title for people, e.g. "Firefox (WebDriver BiDi)" */
  const char* plugin_name; /* the plugin's own name as a program, e.g. "firefox-bidi" (an MCP
                            * host serving this one tool names itself so) */
  /* Since ABI 2.1. */
  const char* handle_argument; /* NULL, or the name of a top-level string argument of invoke
                                * that names an isolated caller ("agent" for firefox_bidi): a
                                * host that serves several callers on one instance (MCP
                                * sessions) passes each its own value there when a call gives
                                * none, and release_handle when the caller is gone */
  agent_tool_release_handle_fn release_handle; /* NULL when handle_argument is NULL */
  /* Since ABI 2.2. */
  agent_tool_cancel_call_fn cancel_call; /* NULL: the host falls back on cancel */
  /* Fields appended by later minor versions go here. */
} agent_tool_plugin_descriptor;

/* The entry point's type. The exported symbol is named AGENT_TOOL_ENTRY_SYMBOL. */
typedef const agent_tool_plugin_descriptor* (*agent_tool_entry_fn)(void);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* AGENT_TOOL_PLUGIN_H_ */
