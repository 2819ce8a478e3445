//! Median cut, for `--colors image --quantize`.

use std::collections::HashMap;

/// Splits the box with the widest channel at its median until there are `n` boxes (or
/// no box has two colours); each box is represented by its mean colour, rounded.
/// Returns the representatives and the box of every colour.
pub fn median_cut(colors: &[[u8; 3]], n: usize) -> (Vec<[u8; 3]>, HashMap<[u8; 3], usize>) {
    let mut boxes: Vec<Vec<[u8; 3]>> = vec![colors.to_vec()];
    while boxes.len() < n {
        let widest = boxes
            .iter()
            .enumerate()
            .filter(|(_, b)| b.len() > 1)
            .map(|(i, b)| {
                let (ch, span) = widest_channel(b);
                (i, ch, span)
            })
            .max_by_key(|&(_, _, span)| span);
        let Some((i, ch, _)) = widest else { break };
        let mut b = boxes.swap_remove(i);
        b.sort_by_key(|c| c[ch]);
        let upper = b.split_off(b.len() / 2);
        boxes.push(b);
        boxes.push(upper);
    }
    let mut box_of = HashMap::new();
    let reps = boxes
        .iter()
        .enumerate()
        .map(|(i, b)| {
            let mut sum = [0u32; 3];
            for c in b {
                box_of.insert(*c, i);
                for k in 0..3 {
                    sum[k] += u32::from(c[k]);
                }
            }
            let len = b.len().max(1) as u32;
            sum.map(|s| ((s + len / 2) / len) as u8)
        })
        .collect();
    (reps, box_of)
}

fn widest_channel(b: &[[u8; 3]]) -> (usize, u8) {
    (0..3)
        .map(|ch| {
            let lo = b.iter().map(|c| c[ch]).min().unwrap_or(0);
            let hi = b.iter().map(|c| c[ch]).max().unwrap_or(0);
            (ch, hi - lo)
        })
        .max_by_key(|&(_, span)| span)
        .unwrap_or((0, 0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn median_cut_keeps_distinct_extremes() {
        let colors: Vec<[u8; 3]> = (0..=255u8).map(|v| [v, 0, 0]).collect();
        let (reps, box_of) = median_cut(&colors, 4);
        assert_eq!(reps.len(), 4);
        assert_eq!(box_of[&[63, 0, 0]], box_of[&[0, 0, 0]]);
        assert_ne!(box_of[&[64, 0, 0]], box_of[&[63, 0, 0]]);
        let mut r: Vec<u8> = reps.iter().map(|c| c[0]).collect();
        r.sort();
        // Four boxes of 64 values each, represented by their means.
        assert_eq!(r, vec![32, 96, 160, 224]);
    }

    #[test]
    fn fewer_colours_than_boxes_stops() {
        let (reps, _) = median_cut(&[[1, 2, 3], [1, 2, 3]], 4);
        assert!(reps.len() <= 2);
    }
}
