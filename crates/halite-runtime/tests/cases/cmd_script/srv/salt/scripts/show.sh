#!/bin/bash
echo "args=$# [$*] user=$(id -un) greet=${GREETING:-none} lc=$LC_CTYPE/$LANGUAGE"
