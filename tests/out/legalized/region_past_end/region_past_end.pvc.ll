define dllexport void @region_past_end(i32 %arg0) {
bb0:
  %v0 = call <16 x i32> @llvm.genx.oword.ld.v16i32(i32 0, i32 %arg0, i32 0)
  %v15 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %v0, i32 0, i32 8, i32 1, i16 8, i32 undef)
  %v16 = call <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.i1(<16 x i32> undef, <8 x i32> %v15, i32 0, i32 8, i32 1, i16 0, i32 undef, i1 true)
  %v17 = call <4 x i32> @llvm.genx.rdregioni.v4i32.v16i32.i16(<16 x i32> %v0, i32 0, i32 4, i32 1, i16 40, i32 undef)
  %v18 = call <16 x i32> @llvm.genx.wrregioni.v16i32.v4i32.i16.i1(<16 x i32> %v16, <4 x i32> %v17, i32 0, i32 4, i32 1, i16 32, i32 undef, i1 true)
  %v3 = call <2 x i32> @llvm.genx.rdregioni.v2i32.v16i32.i16(<16 x i32> %v0, i32 0, i32 2, i32 1, i16 56, i32 undef)
  %v4 = call <16 x i32> @llvm.genx.wrregioni.v16i32.v2i32.i16.i1(<16 x i32> %v18, <2 x i32> %v3, i32 0, i32 2, i32 1, i16 48, i32 undef, i1 true)
  %v5 = call <16 x i32> @llvm.genx.wrregioni.v16i32.v2i32.i16.i1(<16 x i32> %v4, <2 x i32> <i32 -7, i32 9>, i32 0, i32 2, i32 1, i16 56, i32 undef, i1 true)
  %v6 = call <2 x i32> @llvm.genx.rdregioni.v2i32.v16i32.i16(<16 x i32> %v0, i32 0, i32 2, i32 2, i16 48, i32 undef)
  %v7 = call <4 x i32> @llvm.genx.wrregioni.v4i32.v2i32.i16.i1(<4 x i32> undef, <2 x i32> %v6, i32 0, i32 2, i32 1, i16 0, i32 undef, i1 true)
  %v8 = call <4 x i32> @llvm.genx.wrregioni.v4i32.v2i32.i16.i1(<4 x i32> %v7, <2 x i32> <i32 100, i32 200>, i32 0, i32 2, i32 1, i16 8, i32 undef, i1 true)
  %v9 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %v5, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %v10 = call <4 x i32> @llvm.genx.rdregioni.v4i32.v16i32.i16(<16 x i32> %v5, i32 0, i32 4, i32 1, i16 0, i32 undef)
  %v11 = call <16 x i32> @llvm.genx.wrregioni.v16i32.v4i32.i16.i1(<16 x i32> %v0, <4 x i32> %v10, i32 0, i32 4, i32 1, i16 48, i32 undef, i1 true)
  %v12 = add <16 x i32> %v5, %v11
  call void @llvm.genx.oword.st.v16i32(i32 %arg0, i32 0, <16 x i32> %v12)
  call void @llvm.genx.oword.st.v4i32(i32 %arg0, i32 4, <4 x i32> %v8)
  ret void
}

declare <16 x i32> @llvm.genx.oword.ld.v16i32(i32, i32, i32)
declare void @llvm.genx.oword.st.v16i32(i32, i32, <16 x i32>)
declare void @llvm.genx.oword.st.v4i32(i32, i32, <4 x i32>)
declare <2 x i32> @llvm.genx.rdregioni.v2i32.v16i32.i16(<16 x i32>, i32, i32, i32, i16, i32)
declare <4 x i32> @llvm.genx.rdregioni.v4i32.v16i32.i16(<16 x i32>, i32, i32, i32, i16, i32)
declare <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32>, i32, i32, i32, i16, i32)
declare <16 x i32> @llvm.genx.wrregioni.v16i32.v2i32.i16.i1(<16 x i32>, <2 x i32>, i32, i32, i32, i16, i32, i1)
declare <16 x i32> @llvm.genx.wrregioni.v16i32.v4i32.i16.i1(<16 x i32>, <4 x i32>, i32, i32, i32, i16, i32, i1)
declare <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.i1(<16 x i32>, <8 x i32>, i32, i32, i32, i16, i32, i1)
declare <4 x i32> @llvm.genx.wrregioni.v4i32.v2i32.i16.i1(<4 x i32>, <2 x i32>, i32, i32, i32, i16, i32, i1)

!genx.kernels = !{!0}
!0 = !{void (i32)* @region_past_end, !"region_past_end", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2}
!2 = !{i32 128}
!3 = !{i32 0}
!4 = !{!"buffer_t read_write"}
