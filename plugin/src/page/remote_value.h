// Between plain JSON (what the model writes and reads) and BiDi's script values: LocalValue
// for arguments, RemoteValue for results (WebDriver BiDi, "script.LocalValue" and
// "script.RemoteValue").
#ifndef FIREFOX_BIDI_PAGE_REMOTE_VALUE_H_
#define FIREFOX_BIDI_PAGE_REMOTE_VALUE_H_

#include <boost/json/object.hpp>
#include <boost/json/value.hpp>
#include <functional>
#include <string_view>

namespace firefox_bidi::page {

// A plain JSON value as a LocalValue: null, booleans, numbers, strings, arrays and objects.
boost::json::value ToLocalValue(const boost::json::value& plain);

// Called for each node ({"type":"node",...}) met in a RemoteValue; returns what stands for it.
using NodeFn = std::function<boost::json::value(const boost::json::object& node)>;

// A RemoteValue as plain JSON: objects, arrays, strings, numbers, booleans and null as
// themselves; undefined, NaN and the infinities as null (JSON has none), -0 as 0, a bigint as
// its decimal string, a Date as its ISO string, a RegExp as "/pattern/flags", a Map as an
// object (string keys) or array of [key, value] pairs, a Set as an array, a window as
// {"window": CONTEXT}, an error as {"error": "Error"}, a node as on_node says; other
// objects (functions, promises, ...) and repeated references (cycles) as {"type": TYPE}.
boost::json::value PlainFromRemote(const boost::json::value& remote, const NodeFn& on_node);

}  // namespace firefox_bidi::page

#endif  // FIREFOX_BIDI_PAGE_REMOTE_VALUE_H_
