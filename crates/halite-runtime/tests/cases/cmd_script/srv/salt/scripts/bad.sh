#!/bin/sh
echo "{{ undefined_thing.attr }}"
