define dllexport void @scatter(i32 %arg0, <16 x float> %arg1) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  %v1 = call <16 x i32> @llvm.genx.wrregioni.v16i32.i32.i16.i1(<16 x i32> undef, i32 %v0, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
  %v2 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v16i32.i16(<16 x i32> %v1, i32 0, i32 1, i32 0, i16 0, i32 undef)
  %v3 = add <16 x i32> %v2, <i32 0, i32 4, i32 8, i32 12, i32 16, i32 20, i32 24, i32 28, i32 32, i32 36, i32 40, i32 44, i32 48, i32 52, i32 56, i32 60>
  %v13 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v16i32.i16(<16 x i32> <i32 0, i32 4, i32 8, i32 12, i32 16, i32 20, i32 24, i32 28, i32 32, i32 36, i32 40, i32 44, i32 48, i32 52, i32 56, i32 60>, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v14 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32> undef, <16 x i32> %v13, i32 0, i32 16, i32 1, i16 0, i32 undef, i1 true)
  %v15 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v16i32.i16(<16 x i32> %v3, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v4 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32> %v14, <16 x i32> %v15, i32 0, i32 16, i32 1, i16 64, i32 undef, i1 true)
  %v5 = or i32 %arg0, 138464768
  call void @llvm.genx.raw.send.noresult.i1.v32i32(i32 0, i1 true, i32 12, i32 %v5, <32 x i32> %v4)
  %v7 = or i32 %arg0, 69521408
  %v8 = call <16 x float> @llvm.genx.raw.sends.v16f32.v16i1.i8.v16i32.v8i32.v16f32(i32 0, <16 x i1> <i1 false, i1 true, i1 false, i1 true, i1 false, i1 true, i1 false, i1 true, i1 false, i1 true, i1 false, i1 true, i1 false, i1 true, i1 false, i1 true>, i8 12, i32 12, i32 %v7, <16 x i32> <i32 0, i32 4, i32 8, i32 12, i32 16, i32 20, i32 24, i32 28, i32 32, i32 36, i32 40, i32 44, i32 48, i32 52, i32 56, i32 60>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>, <16 x float> %arg1)
  %v9 = fmul <16 x float> %v8, %v8
  %v10 = bitcast <16 x float> %v9 to <16 x i32>
  %v16 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v16i32.i16(<16 x i32> <i32 0, i32 4, i32 8, i32 12, i32 16, i32 20, i32 24, i32 28, i32 32, i32 36, i32 40, i32 44, i32 48, i32 52, i32 56, i32 60>, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v17 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32> undef, <16 x i32> %v16, i32 0, i32 16, i32 1, i16 0, i32 undef, i1 true)
  %v18 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v16i32.i16(<16 x i32> %v10, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v11 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32> %v17, <16 x i32> %v18, i32 0, i32 16, i32 1, i16 64, i32 undef, i1 true)
  call void @llvm.genx.raw.send.noresult.i1.v32i32(i32 0, i1 true, i32 12, i32 %v5, <32 x i32> %v11)
  ret void
}

declare i32 @llvm.genx.group.id.x.i32()
declare void @llvm.genx.raw.send.noresult.i1.v32i32(i32, i1, i32, i32, <32 x i32>)
declare <16 x float> @llvm.genx.raw.sends.v16f32.v16i1.i8.v16i32.v8i32.v16f32(i32, <16 x i1>, i8, i32, i32, <16 x i32>, <8 x i32>, <16 x float>)
declare <16 x i32> @llvm.genx.rdregioni.v16i32.v16i32.i16(<16 x i32>, i32, i32, i32, i16, i32)
declare <16 x i32> @llvm.genx.wrregioni.v16i32.i32.i16.i1(<16 x i32>, i32, i32, i32, i32, i16, i32, i1)
declare <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32>, <16 x i32>, i32, i32, i32, i16, i32, i1)

!genx.kernels = !{!0}
!0 = !{void (i32, <16 x float>)* @scatter, !"scatter", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 0, i32 0}
!2 = !{i32 128, i32 192}
!3 = !{i32 0, i32 0}
!4 = !{!"", !""}
