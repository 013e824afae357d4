#!/bin/sh
touch "$MADE" && echo "made $(basename "$MADE")"
