#!/bin/sh
echo "$# [$*]"
