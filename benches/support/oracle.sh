# Sourced by the benchmarks (benches/apply.sh, pkg.sh, startup.sh, system.sh): picks the Salt
# release to compare against and the halite to measure.
# In: NAME (the script's name, for messages), $2 of the script (`--no-salt`), the
# environment SALT_COMPAT (3008, the default, or 3007), SALT_CALL, HALITE_BIN or PROFILE.
# Out: compat, salt_call (/nonexistent with --no-salt), halite.
compat=${SALT_COMPAT:-3008}
case $compat in
  3007) salt_venv=salt ;;
  3008) salt_venv=salt3008 ;;
  *) echo "$NAME: SALT_COMPAT must be 3007 or 3008" >&2; exit 2 ;;
esac
salt_call=${SALT_CALL:-$HOME/.cache/halite-oracles/$salt_venv/bin/salt-call}
[ "${NO_SALT:-}" = "--no-salt" ] && salt_call=/nonexistent
if [ -n "${HALITE_BIN:-}" ]; then
  halite=$HALITE_BIN
else
  profile=${PROFILE:-release}
  cargo build --profile "$profile" -q -p halite
  halite=${CARGO_TARGET_DIR:-target}/$profile/halite
fi
# An absolute path: the benchmarks run the tools from other folders.
case $halite in
  /*) ;;
  *) [ -e "$halite" ] && halite=$PWD/$halite ;;
esac
