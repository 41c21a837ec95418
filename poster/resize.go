package poster

import (
	"image"
	stddraw "image/draw"

	"golang.org/x/image/draw"
)

// resize returns src scaled to w × h (never larger than src: posters are
// only shrunk). It does not use x/image/draw's kernels (Catmull-Rom,
// bilinear): their Scale keeps an intermediate of the destination's width
// by the source's height at 32 bytes a value, 200 MB for a 19-megapixel
// photograph's detail size, and keeps it in a pool. Instead the picture
// is first reduced by the largest whole factor k that keeps it at least
// w × h, each output pixel the average of a k × k block (a box filter: no
// aliasing, and it reads the source a few rows at a time), then scaled
// the rest of the way, less than twice, with ApproxBiLinear, which keeps
// no intermediate.
func resize(src image.Image, w, h int) *image.RGBA {
	b := src.Bounds()
	if k := min(b.Dx()/w, b.Dy()/h); k >= 2 {
		src = boxReduce(src, k)
		b = src.Bounds()
	}
	if rgba, ok := src.(*image.RGBA); ok && b.Dx() == w && b.Dy() == h {
		return rgba
	}
	dst := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.ApproxBiLinear.Scale(dst, dst.Bounds(), src, b, draw.Src, nil)
	return dst
}

// boxReduce returns src reduced k times on each side (rounded up: the
// blocks of the last row and column may be smaller), each pixel the
// average of its block in premultiplied RGBA. It converts k rows of src
// at a time (image/draw's fast paths: YCbCr, Gray, RGBA, NRGBA, CMYK,
// Paletted), so it holds k rows and one row of sums besides its result.
func boxReduce(src image.Image, k int) *image.RGBA {
	b := src.Bounds()
	sw, sh := b.Dx(), b.Dy()
	ow, oh := (sw+k-1)/k, (sh+k-1)/k
	out := image.NewRGBA(image.Rect(0, 0, ow, oh))
	rows := image.NewRGBA(image.Rect(0, 0, sw, k))
	sums := make([]uint32, ow*4)
	for oy := range oh {
		y0 := b.Min.Y + oy*k
		n := min(k, b.Max.Y-y0) // rows in this block
		stddraw.Draw(rows, image.Rect(0, 0, sw, n), src, image.Pt(b.Min.X, y0), stddraw.Src)
		clear(sums)
		for y := range n {
			line := rows.Pix[y*rows.Stride : y*rows.Stride+sw*4]
			for x := 0; x < sw; x++ {
				s := (x / k) * 4
				p := line[x*4 : x*4+4 : x*4+4]
				sums[s] += uint32(p[0])
				sums[s+1] += uint32(p[1])
				sums[s+2] += uint32(p[2])
				sums[s+3] += uint32(p[3])
			}
		}
		o := out.Pix[oy*out.Stride : oy*out.Stride+ow*4]
		for ox := range ow {
			count := uint32(n * min(k, sw-ox*k))
			for c := range 4 {
				o[ox*4+c] = uint8((sums[ox*4+c] + count/2) / count)
			}
		}
	}
	return out
}
