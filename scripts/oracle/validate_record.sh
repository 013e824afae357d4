#!/bin/sh
# Re-record halite-validate's golden cases from idem 25.0.1 (see validate_record.py).
exec python3 "$(dirname "$0")/validate_record.py" "$@"
