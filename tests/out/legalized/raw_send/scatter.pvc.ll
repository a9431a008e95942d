define dllexport void @scatter(i32 %arg0, <16 x float> %arg1) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  %v1 = call <16 x i32> @llvm.genx.wrregioni.v16i32.i32.i16.i1(<16 x i32> undef, i32 %v0, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
  %v2 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v16i32.i16(<16 x i32> %v1, i32 0, i32 1, i32 0, i16 0, i32 undef)
  %v3 = shl <16 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15>, <i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2>
  %v4 = add <16 x i32> %v2, %v3
  %v15 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v16i32.i16(<16 x i32> %v3, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v16 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32> undef, <16 x i32> %v15, i32 0, i32 16, i32 1, i16 0, i32 undef, i1 true)
  %v17 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v16i32.i16(<16 x i32> %v4, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v5 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32> %v16, <16 x i32> %v17, i32 0, i32 16, i32 1, i16 64, i32 undef, i1 true)
  %v6 = or i32 %arg0, 138464768
  call void @llvm.genx.raw.send.noresult.i1.v32i32(i32 0, i1 true, i32 12, i32 %v6, <32 x i32> %v5)
  %v8 = icmp ne <16 x i32> <i32 0, i32 1, i32 0, i32 1, i32 0, i32 1, i32 0, i32 1, i32 0, i32 1, i32 0, i32 1, i32 0, i32 1, i32 0, i32 1>, <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %v9 = or i32 %arg0, 69521408
  %v10 = call <16 x float> @llvm.genx.raw.sends.v16f32.v16i1.i8.v16i32.v8i32.v16f32(i32 0, <16 x i1> %v8, i8 12, i32 12, i32 %v9, <16 x i32> %v3, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>, <16 x float> %arg1)
  %v11 = fmul <16 x float> %v10, %v10
  %v12 = bitcast <16 x float> %v11 to <16 x i32>
  %v18 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v16i32.i16(<16 x i32> %v3, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v19 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32> undef, <16 x i32> %v18, i32 0, i32 16, i32 1, i16 0, i32 undef, i1 true)
  %v20 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v16i32.i16(<16 x i32> %v12, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v13 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32> %v19, <16 x i32> %v20, i32 0, i32 16, i32 1, i16 64, i32 undef, i1 true)
  call void @llvm.genx.raw.send.noresult.i1.v32i32(i32 0, i1 true, i32 12, i32 %v6, <32 x i32> %v13)
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
