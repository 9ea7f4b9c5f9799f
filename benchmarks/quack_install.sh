# On the device, sourced after the parts of quack_bundle.sh reached /tmp/qparts: installs
# quack and its CuTe DSL to /tmp/site and exports PYTHONPATH (this repo's src, /tmp/site,
# and the DSL's dsl_packages folder, which its .pth would add to a site-packages install).
#     source benchmarks/quack_install.sh
S=/tmp/site; B=/tmp/qparts/b; mkdir -p $S $B
cat /tmp/qparts/part.* | tee >(md5sum >&2) | tar xf - -C $B || return 1
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade \
  --target $S $B/*.whl 2>&1 | tail -3
xz -dc $B/cu13.tar.xz | tar xf - -C $S || return 1  # after pip: --upgrade would replace it
export PYTHONPATH=$PWD/src:$S:$S/nvidia_cutlass_dsl/dsl_packages
python3 -c "import cutlass, quack.rmsnorm; print('cutlass', cutlass.__version__, 'quack ok')"
