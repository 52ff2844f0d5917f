// Checks that the page JavaScript defines exactly the page operations the declaration lists:
// every `OPS.NAME = ...` in JS_DIR/*.js is declared in OPERATIONS_JSON and every declared
// operation is defined once, and that each declaration is well formed (its input and output
// shapes use the grammar operations.json describes). Exits 1 with a line per problem.
//   node check_ops.mjs OPERATIONS_JSON JS_DIR
import {readFileSync, readdirSync} from "node:fs";
import {join} from "node:path";

const [declarationPath, jsDir] = process.argv.slice(2);
const problems = [];
const declaration = JSON.parse(readFileSync(declarationPath, "utf8"));

const PRIMITIVES = new Set(["string", "number", "boolean", "null", "any"]);

// Problems of shape `shape` at `where` (none when it is well formed).
function checkShape(shape, where) {
  if (typeof shape === "string") {
    for (const part of shape.split("|")) {
      if (!PRIMITIVES.has(part)) problems.push(`${where}: "${part}" is not a shape`);
    }
  } else if (Array.isArray(shape)) {
    if (shape.length !== 1) problems.push(`${where}: an array shape holds exactly one shape`);
    else checkShape(shape[0], where + "[]");
  } else if (shape && typeof shape === "object") {
    if ("oneOf" in shape) {
      if (Object.keys(shape).length !== 1 || !Array.isArray(shape.oneOf)) {
        problems.push(`${where}: "oneOf" stands alone, with an array of shapes`);
      } else {
        shape.oneOf.forEach((s, i) => checkShape(s, `${where}.oneOf[${i}]`));
      }
    } else {
      for (const [key, s] of Object.entries(shape)) checkShape(s, `${where}.${key}`);
    }
  } else {
    problems.push(`${where}: ${JSON.stringify(shape)} is not a shape`);
  }
}

const declared = new Map();
for (const [index, op] of (declaration.operations || []).entries()) {
  const where = `${declarationPath}: operations[${index}]`;
  if (typeof op.name !== "string" || !/^[a-z][A-Za-z0-9]*$/.test(op.name)) {
    problems.push(`${where}: "name" is not a lowerCamelCase name`);
    continue;
  }
  if (declared.has(op.name)) problems.push(`${where}: ${op.name} is declared twice`);
  declared.set(op.name, op);
  if (!op.input || typeof op.input !== "object" || Array.isArray(op.input)) {
    problems.push(`${where} (${op.name}): "input" is not an object`);
  } else {
    checkShape(op.input, `${where} (${op.name}) input`);
  }
  if (!("output" in op)) problems.push(`${where} (${op.name}): no "output" shape`);
  else checkShape(op.output, `${where} (${op.name}) output`);
}

const defined = new Map();
for (const file of readdirSync(jsDir).filter((f) => f.endsWith(".js")).sort()) {
  const path = join(jsDir, file);
  readFileSync(path, "utf8").split("\n").forEach((line, i) => {
    const where = `${path}:${i + 1}`;
    const definition = /^OPS\.([A-Za-z_$][\w$]*)\s*=/.exec(line);
    if (definition) {
      const name = definition[1];
      if (defined.has(name)) {
        problems.push(`${where}: OPS.${name} is defined again (first at ${defined.get(name)})`);
      }
      defined.set(name, where);
      if (!declared.has(name)) {
        problems.push(`${where}: OPS.${name} is not declared in ${declarationPath} (declare ` +
                      "its name, input and output there, or rename it to a declared one)");
      }
    } else if (/\bOPS(\s*\[[^\]]*\]|\.[\w$]+)\s*=[^=]/.test(line) ||
               /(?<!const )\bOPS\s*=[^=]/.test(line)) {
      problems.push(`${where}: define an operation as a line that starts "OPS.NAME = "`);
    }
  });
}
for (const name of declared.keys()) {
  if (!defined.has(name)) {
    problems.push(`${declarationPath}: ${name} is declared, but no ${jsDir}/*.js defines ` +
                  `OPS.${name} (define it, or drop the declaration and its C++ callers)`);
  }
}

if (problems.length) {
  for (const problem of problems) console.error(problem);
  process.exit(1);
}
console.log(`${declared.size} page operations, declared and defined alike`);
